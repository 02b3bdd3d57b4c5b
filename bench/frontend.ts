import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Gzipped bytes of every script the home route loads in a real browser. */
export async function homeRouteJsKb(baseUrl: string): Promise<{ files: number; gzipKb: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const sizes: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        sizes.push(res.body().then((b) => gzipSync(b, { level: 9 }).length));
    });
    await page.goto(baseUrl, { waitUntil: 'load' });
    await page.waitForTimeout(2000); // lazy chunks requested after first render
    const bytes = await Promise.all(sizes);
    return { files: bytes.length, gzipKb: Math.round(bytes.reduce((a, b) => a + b, 0) / 102.4) / 10 };
  } finally {
    await browser.close();
  }
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  /** The median run's metrics, in ms (CLS unitless). */
  FCP: number;
  LCP: number;
  TBT: number;
  CLS: number;
}

/** Runs per page; the median run (by performance) is reported, as Lighthouse CI does. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const MAX_RETRIES = 3;

/**
 * Lighthouse with its default mobile settings (emulated phone, simulated slow 4G and CPU) in
 * Debian's Chromium, RUNS times per page. `cookie` signs the run in (for member pages).
 */
export async function lighthouseScores(urls: string[], cookie?: string): Promise<Record<string, LighthouseScores>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const scores: Record<string, LighthouseScores> = {};
  try {
    for (const url of urls) {
      const runs: LighthouseScores[] = [];
      for (let i = 0, retries = 0; i < RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        // A run whose trace Lighthouse could not read (NO_NAVSTART on a busy machine) scores 0 and
        // says to run again: it measured nothing, so it is repeated, at most MAX_RETRIES times.
        const failure = result?.lhr.runtimeError;
        if (failure && retries < MAX_RETRIES) {
          retries++;
          console.warn(`Lighthouse ${url}: ${failure.code}, run again`);
          i--;
          continue;
        }
        const { categories = {}, audits = {} } = result?.lhr ?? {};
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          FCP: Math.round(metric('first-contentful-paint')),
          LCP: Math.round(metric('largest-contentful-paint')),
          TBT: Math.round(metric('total-blocking-time')),
          CLS: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      scores[new URL(url).pathname] = runs[Math.floor(runs.length / 2)];
    }
  } finally {
    chrome.kill();
  }
  return scores;
}
