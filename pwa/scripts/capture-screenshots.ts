// Captures the manifest's screenshots (narrow 390x844, wide 1440x900) from the real site: the
// embedded stack serving the built pwa/dist. Run after a visible change to the home page, from
// the repository root:
//   npx --yes pnpm@10.34.9 --filter @coach/pwa build && npx --yes pnpm@10.34.9 exec tsx pwa/scripts/capture-screenshots.ts
// and commit pwa/public/screenshots/ (then build again, so dist has them).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '@coach/dev-stack';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../bench/frontend.ts';

const outDir = path.resolve(import.meta.dirname, '../public/screenshots');
const SHOTS = [
  { file: 'home-narrow.webp', width: 390, height: 844 },
  { file: 'home-wide.webp', width: 1440, height: 900 },
];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coach-shots-'));
const stack = await startStack({ dataDir, logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  for (const { file, width, height } of SHOTS) {
    const page = await browser.newPage({
      viewport: { width, height },
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    await page.goto(`${stack.gatewayUrl}/`);
    await page.locator('main h1').waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(1500); // the hero image and the floating widgets settle
    const png = await page.screenshot({ type: 'png' });
    // Playwright writes PNG or JPEG only: Chromium's canvas encodes the WebP (a fraction of the size).
    const webp = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')!.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', 0.82).split(',')[1]!;
    }, png.toString('base64'));
    writeFileSync(path.join(outDir, file), Buffer.from(webp, 'base64'));
    console.log(`wrote public/screenshots/${file}`);
    await page.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
