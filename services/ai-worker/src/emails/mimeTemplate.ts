import { escapeRegExp } from '@coach/kit';

/**
 * A built message sent to many recipients without being built again: the placeholders it
 * carries are replaced by each recipient's values, byte for byte. Building the MIME is most of
 * the CPU an e-mail costs; filling a template is a few copies.
 *
 * Only plain values can be filled in: letters, digits and `. _ @ + -`, which a header, a 7-bit
 * body and a quoted-printable body all carry as they are. A base64 body hides them, so a message
 * with one is refused (the mailer builds its text parts as quoted-printable).
 */
const PLAIN = /^[\w.@+-]+$/;
export const isPlain = (value: string) => PLAIN.test(value);

/** Quoted-printable's soft line break: it joins two lines of the encoding into one line of text. */
const SOFT_BREAK = '=\r\n';
/** A quoted-printable line holds 76 characters, the soft break's "=" among them. */
const QP_LINE = /.{1,75}/g;

/**
 * Whether `at` lies in a quoted-printable body. A body's part starts at the last boundary line
 * before it (or at the top for a single-part message); its headers end at the first blank line.
 */
function inQuotedPrintableBody(mime: string, at: number, boundaries: string[]): boolean {
  const partStart = Math.max(0, ...boundaries.map((b) => mime.lastIndexOf(`\r\n--${b}\r\n`, at)));
  const headersEnd = mime.indexOf('\r\n\r\n', partStart);
  return at > headersEnd && /^Content-Transfer-Encoding:\s*quoted-printable/im.test(mime.slice(partStart, headersEnd));
}

/**
 * Splits `raw` at every occurrence of the `placeholders` (quoted-printable may have cut one
 * across lines with soft line breaks) and returns the function that joins it again around one
 * recipient's values, given in the placeholders' order. A value put in a quoted-printable body
 * stands on lines of its own, so every line keeps to the encoding's length.
 */
export function mimeTemplate(raw: Buffer, placeholders: readonly string[]): (values: readonly string[]) => Buffer {
  const mime = raw.toString('latin1'); // one character per byte: offsets and bytes agree
  if (/^Content-Transfer-Encoding:\s*base64/im.test(mime)) throw new Error('A base64 part hides the placeholders');
  const boundaries = [...mime.matchAll(/boundary="([^"]+)"/g)].map((m) => m[1]!);
  const pattern = new RegExp(
    placeholders.map((p) => `(${[...p].map(escapeRegExp).join('(?:=\\r\\n)?')})`).join('|'),
    'g',
  );
  const pieces: string[] = [];
  const slots: Array<{ placeholder: number; quotedPrintable: boolean }> = [];
  let from = 0;
  for (const match of mime.matchAll(pattern)) {
    pieces.push(mime.slice(from, match.index));
    slots.push({
      placeholder: match.slice(1).findIndex((group) => group !== undefined),
      quotedPrintable: inQuotedPrintableBody(mime, match.index, boundaries),
    });
    from = match.index + match[0].length;
  }
  pieces.push(mime.slice(from));
  const absent = placeholders.filter((_, i) => !slots.some((slot) => slot.placeholder === i));
  if (absent.length) throw new Error(`The built message does not carry the placeholders ${absent.join(', ')}`);

  return (values) => {
    if (!values.every(isPlain)) throw new Error('Only plain values fill a message template');
    let out = pieces[0]!;
    slots.forEach((slot, i) => {
      const value = values[slot.placeholder]!;
      out += slot.quotedPrintable ? SOFT_BREAK + value.match(QP_LINE)!.join(SOFT_BREAK) + SOFT_BREAK : value;
      out += pieces[i + 1];
    });
    return Buffer.from(out, 'latin1');
  };
}
