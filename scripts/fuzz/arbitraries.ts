import fc from 'fast-check';
import { z } from 'zod';

/** The part of a JSON Schema (as zod writes it) the generator reads. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Text that has broken parsers and stores before: controls, bidi, surrogates, operators, paths. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🙏🏽',
  'नमस्ते',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '$where',
  '{"$gt":""}',
  '__proto__',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '1e309',
  '-0',
  'NaN',
];

/** A placeholder the encoder replaces with nesting too deep to write as a value. */
export const DEEP = '\u0000deep-nesting\u0000';
const DEEP_LEVELS = 20_000;
export const deepNesting = () => '['.repeat(DEEP_LEVELS) + ']'.repeat(DEEP_LEVELS);

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const hugeString = fc.constantFrom(200, 70_000, 1_100_000).map((n) => 'ॐ'.repeat(n / 3) + 'x'.repeat(n % 3));
/** A value of any JSON type, operators and prototypes among them. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), [], {}, { $gt: '' }, { $ne: null }, [[[]]]),
  fc.constantFrom(JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { x: 1 } } }),
  nastyString,
  hugeString,
  fc.constant(DEEP),
  fc.jsonValue({ maxDepth: 3 }),
);

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 10_000));
    } catch {
      // a pattern fast-check cannot write from: any string, the schema decides
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 200) });
}

/** Values the schema accepts (as far as JSON Schema says: refinements aside). */
export function valid(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((c) => valid(c, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => valid({ ...schema, type: t }, depth)));
  switch (type[0]) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const keys = Object.keys(properties);
      return fc.record(Object.fromEntries(keys.map((key) => [key, valid(properties[key]!, depth + 1)])), {
        requiredKeys: keys.filter((key) => required.has(key)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

type Mutation =
  | { kind: 'none' }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: wrongValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(fc.constantFrom('__proto__', 'constructor', '$where', 'role', 'userId', '_id'), nastyString),
      value: wrongValue,
    }),
  },
);

/** The places in a value a mutation may land: the value itself and every member of an object or array inside it. */
function places(
  value: unknown,
  into: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number }> = [],
) {
  if (value && typeof value === 'object')
    for (const [key, member] of Object.entries(value)) {
      into.push({ parent: value as Record<string, unknown>, key: Array.isArray(value) ? Number(key) : key });
      places(member, into);
    }
  return into;
}

/** The value with one mutation applied somewhere in it (a copy). */
function mutate(value: unknown, change: Mutation): unknown {
  if (change.kind === 'none') return value;
  const copy = structuredClone(value);
  const spots = places(copy);
  if (change.kind === 'extra') {
    const objects = [copy, ...spots.map((s) => (s.parent as Record<string, unknown>)[s.key as string])].filter(
      (v): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v),
    );
    if (objects.length === 0) return { value: copy, [change.key]: change.value };
    Object.defineProperty(objects[change.key.length % objects.length], change.key, {
      value: change.value,
      enumerable: true,
    });
    return copy;
  }
  if (spots.length === 0) return change.kind === 'replace' ? change.value : undefined;
  const spot = spots[change.at % spots.length]!;
  if (change.kind === 'replace') (spot.parent as Record<string, unknown>)[spot.key as string] = change.value;
  else if (Array.isArray(spot.parent)) spot.parent.splice(spot.key as number, 1);
  else delete spot.parent[spot.key as string];
  return copy;
}

/** A value from the schema, then mutated (or not): wrong types, huge or odd text, fields missing or added. */
export function fuzzedValue(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const base = schema ? valid(jsonSchemaOf(schema)) : fc.jsonValue({ maxDepth: 2 });
  return fc.tuple(base, mutation).map(([value, change]) => mutate(value, change));
}

/** How a body is written on the wire, and under which content type. */
export const ENCODINGS = [
  'json',
  'json-duplicated-key',
  'json-truncated',
  'json-as-text',
  'json-utf16-charset',
  'form',
  'multipart',
  'no-content-type',
  'empty',
] as const;
export type Encoding = (typeof ENCODINGS)[number];

const jsonText = (value: unknown) => (JSON.stringify(value) ?? 'null').replaceAll(JSON.stringify(DEEP), deepNesting());
const flat = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : jsonText(v)]))
    : { value: String(value) };

/** The bytes and content type of `value` written as `encoding`. */
export function encode(value: unknown, encoding: Encoding): { body?: string; contentType?: string } {
  const json = jsonText(value);
  switch (encoding) {
    case 'json':
      return { body: json, contentType: 'application/json' };
    case 'json-duplicated-key': {
      // The first key again at the end, with another value: JSON.parse keeps the last.
      const first = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value)[0] : undefined;
      if (!first || json === '{}') return { body: json, contentType: 'application/json' };
      return { body: `${json.slice(0, -1)},${JSON.stringify(first)}:{"$gt":""}}`, contentType: 'application/json' };
    }
    case 'json-truncated':
      return { body: json.slice(0, Math.max(1, json.length - 2)), contentType: 'application/json' };
    case 'json-as-text':
      return { body: json, contentType: 'text/plain' };
    case 'json-utf16-charset':
      return { body: json, contentType: 'application/json; charset=utf-16' };
    case 'form':
      return { body: new URLSearchParams(flat(value)).toString(), contentType: 'application/x-www-form-urlencoded' };
    case 'multipart': {
      const boundary = 'fuzz-boundary';
      const parts = Object.entries(flat(value)).map(
        ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
    }
    case 'no-content-type':
      return { body: json };
    case 'empty':
      return {};
  }
}

/** A query string from the schema's fields, mutated: repeated keys, brackets, bad escapes, huge values. */
export function fuzzedQuery(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  // Values are cut to fit a request's head (16 kB), so most cases reach the services.
  const pairs = fuzzedValue(schema).map((value) =>
    Object.entries(flat(value)).map(([key, text]): [string, string] => [key.slice(0, 200), text.slice(0, 1200)]),
  );
  const oddPairs = fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom('cursor', 'q', 'page', 'days', 'view', 'a[b]', 'q[$ne]', '__proto__'), nastyString),
      fc.tuple(
        fc.constant('q'),
        hugeString.map((s) => s.slice(0, 1200)),
      ),
    ),
    { maxLength: 3 },
  );
  const raw = fc.constantFrom('', '&%E0%A4%A=1', '&q=%', '&=&&', '&days=7&days=30');
  return fc
    .tuple(pairs, oddPairs, raw)
    .map(([own, odd, tail]) => new URLSearchParams([...own, ...odd]).toString() + tail)
    .map((query) => (query ? `?${query.replace(/^&/, '')}` : ''));
}

/** Every byte of the text's UTF-8 as %XX (a lone surrogate as U+FFFD, as a browser sends it). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A path parameter by its name: a well-formed one, or not. */
export function paramValue(name: string): fc.Arbitrary<string> {
  const wellFormed: Record<string, fc.Arbitrary<string>> = {
    id: fc.oneof(fc.stringMatching(/^[a-f0-9]{24}$/), fc.nat({ max: 50 }).map(String)),
    postId: fc.stringMatching(/^[a-f0-9]{24}$/),
    kind: fc.constantFrom('posts', 'replies'),
    slug: fc.stringMatching(/^[a-z0-9-]{1,60}$/),
    n: fc.nat({ max: 1_000_000 }).map(String),
    name: fc.stringMatching(/^[\w-]{1,20}\.(jpg|png|webp)$/),
    page: fc.constantFrom('about', 'blog', 'coaching', 'contact', 'legal/terms', 'profile', 'admin/dashboard'),
  };
  const odd = fc.oneof(
    nastyString.map(percentEncoded),
    fc.constantFrom('%', '%E0%A4%A', '%00', '..%2F..%2Fetc', '%2e%2e', 'x'.repeat(3000), '-1', '1e99', 'null'),
  );
  return fc.oneof({ weight: 3, arbitrary: wellFormed[name] ?? fc.string() }, { weight: 2, arbitrary: odd });
}

/** Headers beside the body's: odd cookies, addresses, keys, encodings and origins. */
export const fuzzedHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.oneof(
      fc.tuple(
        fc.constant('cookie'),
        fc.constantFrom('coach_session=x.y.z', 'coach_checkout=%', 'a=' + 'b'.repeat(3000)),
      ),
      fc.tuple(fc.constant('x-forwarded-for'), fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'garbage', '')),
      fc.tuple(fc.constant('idempotency-key'), fc.string({ unit: fc.constantFrom(...'ab-_!~ 09'), maxLength: 300 })),
      // A key the site takes (8 to 128 of letters, digits, '_', '.', ':' and '-'): the write is then kept with its answer.
      fc.tuple(fc.constant('idempotency-key'), fc.string({ unit: fc.constantFrom(...'abc09_.:-'), minLength: 8, maxLength: 128 })),
      fc.tuple(fc.constant('content-encoding'), fc.constantFrom('gzip', 'br', 'identity', 'bogus')),
      fc.tuple(fc.constant('accept'), fc.constantFrom('*/*', 'text/html', 'application/xml', '')),
      fc.tuple(fc.constant('x-razorpay-signature'), fc.constantFrom('0'.repeat(64), 'A'.repeat(64), 'zz', '')),
      fc.tuple(fc.constant('user-agent'), fc.constantFrom('Googlebot/2.1', '', 'x'.repeat(2000))),
      fc.tuple(fc.constant('sec-gpc'), fc.constantFrom('1', '0', 'yes')),
      fc.tuple(fc.constant('range'), fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=99999999-')),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => Object.fromEntries(pairs));
