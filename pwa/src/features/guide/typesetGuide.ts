// The free guide as a PDF, typeset at build time (scripts/build.ts) from its text, guide.md, with
// the standard PDF fonts, so the file embeds no font and stays small. The text's Markdown is the
// small part the guide uses: `#` title, `##` headings, paragraphs, `- ` lists and `> ` notes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { FREE_GUIDE } from '@coach/contracts';

export const GUIDE_SOURCE = path.join(import.meta.dirname, 'guide.md');

type Block = { kind: 'title' | 'heading' | 'paragraph' | 'note'; text: string } | { kind: 'list'; items: string[] };

/** The guide's blocks: blank lines separate them; a line of a paragraph continues it. */
export function parseGuide(markdown: string): Block[] {
  return markdown
    .trim()
    .split(/\n\s*\n/)
    .map((chunk): Block => {
      const lines = chunk.split('\n').map((line) => line.trim());
      const first = lines[0]!;
      if (first.startsWith('## ')) return { kind: 'heading', text: first.slice(3) };
      if (first.startsWith('# ')) return { kind: 'title', text: first.slice(2) };
      if (first.startsWith('> ')) return { kind: 'note', text: lines.map((l) => l.replace(/^>\s?/, '')).join(' ') };
      if (first.startsWith('- ')) return { kind: 'list', items: lines.map((l) => l.slice(2)) };
      return { kind: 'paragraph', text: lines.join('\n') };
    });
}

const INK = '#3b2f4a';
const PLUM = '#5b3f8c';
const MUTED = '#6f6479';
const MARGIN = 54;

/** Typesets the guide: a cover (title and its opening note), then the text, each page numbered. */
export async function typesetGuide(markdown: string): Promise<Buffer> {
  const blocks = parseGuide(markdown);
  const title = blocks.find((b) => b.kind === 'title');
  if (!title || title.kind !== 'title' || title.text !== FREE_GUIDE.title) {
    throw new Error(`The guide's text must open with "# ${FREE_GUIDE.title}"`);
  }
  const doc = new PDFDocument({
    size: 'A5',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: FREE_GUIDE.title,
      Subject: 'A free guide to daily spiritual practice',
      Keywords: 'meditation, peace',
    },
    pdfVersion: '1.7',
    lang: 'en',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  let onCover = true;
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        doc.moveDown(6).font('Times-Bold').fontSize(26).fillColor(PLUM).text(block.text, { align: 'center', width });
        doc.moveDown(1.5);
        break;
      case 'note':
        doc
          .font('Times-Italic')
          .fontSize(onCover ? 13 : 10)
          .fillColor(MUTED);
        doc.text(block.text, { align: onCover ? 'center' : 'left', width, lineGap: 2 });
        doc.moveDown(1);
        break;
      case 'heading':
        // The cover stands alone; every heading after it starts a new page or follows a gap.
        if (onCover || doc.y > doc.page.height - MARGIN - 140) doc.addPage();
        else doc.moveDown(1.2);
        onCover = false;
        doc.font('Times-Bold').fontSize(17).fillColor(PLUM).text(block.text, { width });
        doc.moveDown(0.6);
        break;
      case 'paragraph':
        doc.font('Times-Roman').fontSize(11.5).fillColor(INK).text(block.text, { width, align: 'justify', lineGap: 3 });
        doc.moveDown(0.7);
        break;
      case 'list':
        doc.font('Times-Roman').fontSize(11.5).fillColor(INK);
        doc.list(block.items, { width, lineGap: 3, bulletRadius: 2, textIndent: 12, bulletIndent: 4 });
        doc.moveDown(0.7);
        break;
    }
  }

  const pages = doc.bufferedPageRange();
  for (let i = 1; i < pages.count; i += 1) {
    doc.switchToPage(i);
    // Written inside the bottom margin, which must not move the text onto a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Times-Roman')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${FREE_GUIDE.title}  ·  ${i + 1}`, MARGIN, doc.page.height - MARGIN / 2 - 6, { width, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** Writes the typeset guide where the built site serves it; returns the file's path. */
export async function writeGuidePdf(distDir: string): Promise<string> {
  const file = path.join(distDir, FREE_GUIDE.pdfPath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await typesetGuide(await readFile(GUIDE_SOURCE, 'utf8')));
  return file;
}
