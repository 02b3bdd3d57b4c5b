/**
 * Files for the tests of a program's resources (the members service's and the browser's), made
 * here rather than kept in the repository: an MP3 of silence, a small PDF and a PNG, each a real
 * file of its type.
 */

/** One MPEG-1 Layer III frame at 128 kbit/s, 44.1 kHz, stereo (417 bytes): a header and silence. */
const MP3_FRAME_BYTES = 417;
const MP3_FRAME_SECONDS = 1152 / 44_100;

/** An MP3 of `seconds` of silence (constant bit rate, so a player can seek in it by byte). */
export function silentMp3(seconds: number): Buffer {
  const frames = Math.ceil(seconds / MP3_FRAME_SECONDS);
  const file = Buffer.alloc(frames * MP3_FRAME_BYTES);
  for (let i = 0; i < frames; i++) file.set([0xff, 0xfb, 0x90, 0x00], i * MP3_FRAME_BYTES);
  return file;
}

/** A one-page PDF that says `text`. */
export function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1x1 transparent PNG. */
export const tinyPng = (): Buffer =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
