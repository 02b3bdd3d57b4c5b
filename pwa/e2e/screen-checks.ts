import type { Page } from '@playwright/test';

// What a person meets on the screen, measured in the page: a control something else lies on, and
// anything reaching past the screen's sides. Both answer with short descriptions ('' when fine),
// so a failing test names what is wrong.

/** What a visitor can press or type into. */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"]';

/**
 * The controls whose centre something else covers, so a tap there lands on that instead.
 * `walk: false` looks at the screen as it is, once what moves on it has come to rest. `walk: true` scrolls through the page as a reader
 * does: the first screen, then each control brought to the middle half of the screen, then the
 * lower three quarters at the end of the page (where the floating buttons must have room). Each time, what reacts to a scroll
 * (the floating buttons stepping aside, a whisper) has settled before the look.
 */
export function coveredControls(page: Page, { walk }: { walk: boolean }): Promise<string[]> {
  return page.evaluate(
    async ({ walk, controls }) => {
      const frames = (n: number) =>
        new Promise<void>((done) => {
          const next = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
          next(n);
        });
      // A scroll is seen (an intersection observer, a scroll listener) by the next frame, drawn
      // by the one after; then what it set moving has ended.
      const settle = async () => {
        await frames(3);
        const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
        await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
      };
      const describe = (el: Element) => {
        const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
        return `${el.tagName.toLowerCase()} "${label.slice(0, 50)}"`;
      };
      const found = new Set<string>();
      const look = (band: (y: number) => boolean) => {
        const width = document.documentElement.clientWidth;
        for (const el of document.querySelectorAll(controls)) {
          if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
          if (el.matches(':disabled, [aria-disabled="true"]')) continue;
          // A link that wraps is pressed on its first line.
          const r = el.getClientRects()[0];
          if (!r || r.width < 1 || r.height < 1) continue;
          const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
          if (x < 0 || x >= width || !band(y)) continue;
          const hit = document.elementFromPoint(x, y);
          if (hit && el.contains(hit)) continue;
          found.add(`${describe(el)} under ${hit ? describe(hit) : 'nothing'}`);
        }
      };
      const scrollTo = async (top: number) => {
        window.scrollTo({ top, behavior: 'instant' });
        await settle();
      };
      if (!walk) {
        await settle();
        look((y) => y >= 0 && y < innerHeight);
        return [...found];
      }
      await scrollTo(0);
      look((y) => y >= 0 && y < innerHeight);
      const [quarter, half] = [innerHeight / 4, innerHeight / 2];
      for (let top = 0; top + innerHeight < document.documentElement.scrollHeight; top += half) {
        await scrollTo(top);
        look((y) => y >= quarter && y < quarter + half);
      }
      // (The top quarter has been looked at in the middle of the screen: at the end of the page
      // it may be under the header.)
      await scrollTo(document.documentElement.scrollHeight);
      look((y) => y >= quarter && y < innerHeight);
      await scrollTo(0);
      return [...found];
    },
    { walk, controls: CONTROLS },
  );
}

/**
 * Whatever is drawn past the screen's left or right side (the outermost such element, with its
 * box), and the page's own scroll width when wider than the screen. The theme hides the body's
 * sideways overflow, so the boxes are measured; what sits in a container that scrolls or clips
 * sideways is that container's business (it is measured itself).
 */
export function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const past = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && (r.right > width + 0.5 || r.left < -0.5);
    };
    const clippedSideways = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      if (!past(el) || !el.checkVisibility({ visibilityProperty: true }) || clippedSideways(el)) continue;
      if (el.parentElement && el.parentElement !== document.body && past(el.parentElement)) continue;
      const r = el.getBoundingClientRect();
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      found.push(
        `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${label}" ${Math.round(r.left)}..${Math.round(r.right)}`,
      );
    }
    const scroll = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (scroll > width) found.push(`the page scrolls sideways: ${scroll} px on a ${width} px screen`);
    return found;
  });
}
