import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FREE_GUIDE } from '@coach/contracts';
import { afterAll, expect, it } from 'vitest';
import { typesetGuide } from './typesetGuide.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'guide-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

it('typesets the guide as a PDF a standard reader opens: its title, 6-10 pages, under 1 MB', async () => {
  // Typeset as the build does it, in plain Node (this file's page-like environment would load pdfkit's browser build).
  const script = `import('./typesetGuide.ts').then((m) => m.writeGuidePdf(${JSON.stringify(dir)}))`;
  execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: import.meta.dirname });
  const file = path.join(dir, FREE_GUIDE.pdfPath);
  expect((await stat(file)).size).toBeLessThan(1024 * 1024);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(info).toMatch(new RegExp(`^Title:\\s+${FREE_GUIDE.title}$`, 'm'));
  const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
  expect(pages).toBeGreaterThanOrEqual(6);
  expect(pages).toBeLessThanOrEqual(10);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text.replace(/\s+/g, ' ')).toContain(FREE_GUIDE.title);
  for (let n = 1; n <= 7; n += 1) expect(text).toContain(`Practice ${n}:`);
});

it('refuses a text that does not open with the guide’s title', async () => {
  await expect(typesetGuide('# Another title\n\nWords.')).rejects.toThrow(FREE_GUIDE.title);
});
