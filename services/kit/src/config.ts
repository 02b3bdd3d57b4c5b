import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Where Redis is: every service that uses Redis reads these. */
export const redisEnvSchema = z.object({
  REDIS_URL: z.string().min(1),
  /**
   * Sentinels to ask for Redis's master (host:port, comma-separated), with the master's name:
   * every Redis connection then follows a failover. REDIS_URL still gives the password and db.
   */
  REDIS_SENTINELS: z
    .string()
    .regex(/^[^\s,:]+:\d+(,[^\s,:]+:\d+)*$/, 'must be host:port[,host:port...]')
    .transform((v) => v.split(',').map((hp) => ({ host: hp.split(':')[0]!, port: Number(hp.split(':')[1]) })))
    .optional(),
  REDIS_SENTINEL_NAME: z.string().min(1).default('coach'),
});

/** A `true`/`false` setting, given its default. */
export const booleanSetting = (byDefault: boolean) =>
  z
    .enum(['true', 'false'])
    .default(byDefault ? 'true' : 'false')
    .transform((v) => v === 'true');

/** How a service listens, and how it stops listening. */
export const listenEnvSchema = z.object({
  /** The address a service listens on; unset: every interface (as in a container). */
  HOST: z.string().min(1).optional(),
  /**
   * How long a stopping service still takes new connections before it closes: callers whose DNS
   * (a Swarm service's round robin, nginx's resolver) still names it reach it meanwhile.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** Variables every service reads; each service extends this with its own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...listenEnvSchema.shape,
  MONGO_URL: z.string().min(1),
  ...redisEnvSchema.shape,
  /** PEM of the members service's public key; sessions are verified with it. */
  SESSION_PUBLIC_KEY: z.string().min(1),
  /** Secure cookies everywhere but the embedded mode (plain http://localhost). */
  COOKIE_SECURE: booleanSetting(false),
});

/**
 * Passwords given apart from the URLs (from Docker secrets: MONGO_PASSWORD_FILE,
 * REDIS_PASSWORD_FILE) replace the password in MONGO_URL and REDIS_URL.
 */
const PASSWORD_OF: Record<string, string> = { MONGO_PASSWORD: 'MONGO_URL', REDIS_PASSWORD: 'REDIS_URL' };

/** Why a setting's file cannot be read, and what to change: one line, naming the file. */
function unreadableFileMessage(key: string, file: string, err: NodeJS.ErrnoException): string {
  const uid = process.getuid!();
  const notAllowed = `this service runs as uid ${uid}; make the file readable by it (chmod 644 with its folder kept private, or chown ${uid})`;
  const fix: Record<string, string> = {
    ENOENT: 'there is no such file; check the path (a Docker secret is mounted under /run/secrets/)',
    EISDIR: 'it is a folder; name the file in it',
    EACCES: notAllowed,
    EPERM: notAllowed,
  };
  const why = (err.code && fix[err.code]) ?? err.message;
  return `  ${key}: cannot read ${file} (${err.code ?? 'error'}): ${why}`;
}

/**
 * Every setting NAME may instead be read from the file NAME_FILE names (a Docker secret, e.g.
 * /run/secrets/session_private_key), its trailing line break dropped; giving both is an error.
 * Only the files of the settings `wanted` accepts are opened, each NAME_FILE replaced by NAME;
 * other variables stay as given. An empty variable counts as unset (compose passes `${VAR:-}` for
 * every setting the operator left out), so its default holds.
 */
export function readSettingFiles(
  environment: NodeJS.ProcessEnv,
  wanted: (name: string) => boolean,
): { env: Record<string, string>; errors: string[] } {
  const given = Object.fromEntries(
    Object.entries(environment).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
  const env = { ...given };
  const errors: string[] = [];
  for (const [key, file] of Object.entries(given)) {
    if (!key.endsWith('_FILE')) continue;
    const name = key.slice(0, -'_FILE'.length);
    if (!wanted(name)) continue;
    delete env[key];
    if (given[name] !== undefined) {
      errors.push(`  ${name}: set either ${name} or ${key}, not both`);
      continue;
    }
    try {
      env[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      errors.push(unreadableFileMessage(key, file, err as NodeJS.ErrnoException));
    }
  }
  return { env, errors };
}

/** Puts MONGO_PASSWORD and REDIS_PASSWORD into their URLs; the errors name what cannot be. */
function putPasswordsInUrls(env: Record<string, string>): string[] {
  const errors: string[] = [];
  for (const [password, urlName] of Object.entries(PASSWORD_OF)) {
    const url = env[urlName];
    if (env[password] === undefined || url === undefined) continue;
    // Not WHATWG URL: a replica set's URL names several hosts.
    const parts = /^([a-z][a-z0-9+.-]*:\/\/)(?:([^:@/]*)(?::[^@/]*)?@)?(.*)$/i.exec(url);
    if (parts) env[urlName] = `${parts[1]}${parts[2] ?? ''}:${encodeURIComponent(env[password])}@${parts[3]}`;
    else errors.push(`  ${urlName}: not a URL, so ${password} cannot be put in it`);
  }
  return errors;
}

/**
 * Parses the environment once at start. A missing or wrong variable stops the process with a
 * message that names it, instead of failing later on first use.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // A service opens the files of its own settings only, and of the passwords of its URLs.
  const names = Object.keys(schema.shape);
  const read = new Set([...names, ...Object.keys(PASSWORD_OF).filter((p) => names.includes(PASSWORD_OF[p]!))]);
  const { env: settings, errors } = readSettingFiles(env, (name) => read.has(name));
  errors.push(...putPasswordsInUrls(settings));
  const parsed = schema.safeParse(settings);
  if (parsed.success && errors.length === 0) return parsed.data;
  stopOnSettings([...errors, ...(parsed.error?.issues ?? []).map((i) => `  ${i.path.join('.')}: ${i.message}`)]);
}

/** Stops the process at start, naming each setting that is wrong (one line each: "  NAME: why"). */
export function stopOnSettings(lines: string[]): never {
  console.error(`Invalid configuration; set these environment variables:\n${lines.join('\n')}`);
  process.exit(1);
}

export const portSchema = z.coerce.number().int().min(0).max(65535);
