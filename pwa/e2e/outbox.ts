import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The e-mails the stack's real ai-worker wrote to its outbox (each an .eml file as an SMTP server
 * would receive it), quoted-printable decoded; none before the first.
 */
export function outboxMails(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((file) =>
    readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}
