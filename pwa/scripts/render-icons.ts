// Renders the app icons (manifest and iOS home screen) from the SVG logo with Debian's Chromium.
// Run after changing src/assets/logo.svg, from the repository root:
//   npx --yes pnpm@10.34.9 exec tsx pwa/scripts/render-icons.ts
// and commit pwa/public/icons/.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../bench/frontend.ts';

const pwaDir = path.resolve(import.meta.dirname, '..');
const outDir = path.join(pwaDir, 'public/icons');
const logo = readFileSync(path.join(pwaDir, 'src/assets/logo.svg'), 'utf8');
const PLUM = '#4E2F5E';

/** `any`: the round logo on transparency. `maskable`: on a full plum square, inside the 80% safe circle. */
const ICONS = [
  { file: 'icon-192.png', size: 192, padded: false },
  { file: 'icon-512.png', size: 512, padded: false },
  { file: 'maskable-192.png', size: 192, padded: true },
  { file: 'maskable-512.png', size: 512, padded: true },
  // iOS fills transparency with black, so its icon is the full-bleed one.
  { file: 'apple-touch-icon.png', size: 180, padded: true },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  for (const { file, size, padded } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    const logoSize = padded ? Math.round(size * 0.72) : size;
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${padded ? PLUM : 'transparent'}">
        <div style="width:${logoSize}px;height:${logoSize}px">${logo.replace(/width="64" height="64"/, 'width="100%" height="100%"')}</div>
      </body></html>`,
    );
    await page.screenshot({ path: path.join(outDir, file), omitBackground: !padded });
    console.log(`wrote public/icons/${file}`);
  }
} finally {
  await browser.close();
}
