import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page, type Response } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Counts, as they arrive, the answers a page receives that `counted` keeps: how many, and their
 * gzipped kB. An answer that arrives once the count is taken is not counted (its body could no
 * longer be read once the browser is closed).
 */
function gzippedAnswers(page: Page, counted: (res: Response) => boolean) {
  const sizes: Promise<number>[] = [];
  let taken = false;
  page.on('response', (res) => {
    if (!taken && counted(res)) sizes.push(res.body().then((b) => gzipSync(b, { level: 9 }).length));
  });
  return async () => {
    taken = true;
    const bytes = await Promise.all(sizes);
    return { files: bytes.length, gzipKb: Math.round(bytes.reduce((a, b) => a + b, 0) / 102.4) / 10 };
  };
}

/** Gzipped bytes of every script the home route loads in a real browser. */
export async function homeRouteJsKb(baseUrl: string): Promise<{ files: number; gzipKb: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const total = gzippedAnswers(page, (res) => res.request().resourceType() === 'script');
    await page.goto(baseUrl, { waitUntil: 'load' });
    await page.waitForTimeout(2000); // lazy chunks requested after first render
    return await total();
  } finally {
    await browser.close();
  }
}

/**
 * Gzipped bytes of everything /signup loads (HTML, scripts, styles, fonts, images, API answers)
 * until a password typed into it has been judged by the strength meter, whose chunk loads then.
 * The service worker is kept out: its precache of the whole site is no part of this page.
 */
export async function signupPageKb(baseUrl: string): Promise<{ files: number; gzipKb: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const total = gzippedAnswers(page, (res) => res.status() < 300 || res.status() >= 400);
    await page.goto(`${baseUrl}/signup`, { waitUntil: 'networkidle' });
    await page.getByLabel(/^Password\W*$/).pressSequentially('Lantern-Over-Water-7');
    await page.getByText(/^Password strength: /).waitFor();
    return await total();
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
  /**
   * Lighthouse's measure of the host's CPU (its BenchmarkIndex; under 1000 it warns that the host
   * is slower than its 4x CPU slowdown assumes, which lowers the performance score).
   */
  'CPU index': number;
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
        const { categories = {}, audits = {}, environment } = result?.lhr ?? {};
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
          'CPU index': Math.round(environment?.benchmarkIndex ?? Number.NaN),
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

/** Notes in `window.hydratedAt` when the root's hold on taps is lifted (run in the page, before it loads). */
const MARK_HYDRATION = `new MutationObserver((_, observer) => {
  const root = document.getElementById('root');
  if (root && !(root.getAttribute('style') || '').includes('pointer-events')) {
    window.hydratedAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'] });`;

/** Loads per page for the hydration figure; the median is reported. */
const HYDRATION_LOADS = 5;
/** A phone's CPU against this machine's, as Lighthouse's mobile settings assume it. */
const PHONE_CPU_SLOWDOWN = 4;

/**
 * Time from navigation until the page has hydrated, in Chromium with the CPU slowed as a phone's
 * and an empty cache: the moment the app's first render lifts the server-drawn HTML's hold on taps
 * (the root's `pointer-events` style), when a visitor's tap first does something. Median of
 * HYDRATION_LOADS loads per page, in ms. `cookie` signs the loads in (for member pages).
 */
export async function hydrationMs(urls: string[], cookie?: string): Promise<Record<string, number>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const medians: Record<string, number> = {};
  try {
    for (const url of urls) {
      const loads: number[] = [];
      for (let i = 0; i < HYDRATION_LOADS; i++) {
        const context = await browser.newContext({ extraHTTPHeaders: cookie ? { Cookie: cookie } : undefined });
        const page = await context.newPage();
        await page.addInitScript({ content: MARK_HYDRATION });
        await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
        await page.goto(url);
        const hydratedAt = () => (globalThis as { hydratedAt?: number }).hydratedAt;
        await page.waitForFunction(hydratedAt, null, { timeout: 30_000 });
        loads.push((await page.evaluate(hydratedAt))!);
        await context.close();
      }
      loads.sort((a, b) => a - b);
      medians[new URL(url).pathname] = Math.round(loads[Math.floor(loads.length / 2)]!);
    }
  } finally {
    await browser.close();
  }
  return medians;
}
