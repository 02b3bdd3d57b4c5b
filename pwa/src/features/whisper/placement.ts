import { ASIDE_DROP_PX, FLOATING_CONTROL } from '../../shared/layout/floatingControls.ts';

/** A box in viewport pixels. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** What a whisper must never cover: anything a visitor can press or type into, and text being read. */
const INTERACTIVE =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [tabindex]:not([tabindex="-1"])';
const READING = 'header, h1, h2, h3, h4, h5, h6, p, li, blockquote, figcaption, dt, dd, th, td, label, legend, pre';
export const WHISPER_OBSTACLES = `${INTERACTIVE}, ${READING}`;

/** Room kept between a whisper and what is beside it, and the screen's edges. */
export const WHISPER_GAP = 12;
/** Room kept around each obstacle. */
const MARGIN = 4;
/** Candidate positions are tried this many pixels apart. */
const STEP = 8;

const intersects = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const boxAt = (left: number, top: number, size: Size): Rect => ({
  left,
  top,
  right: left + size.width,
  bottom: top + size.height,
});

const inside = (box: Rect, area: Rect) =>
  box.left >= area.left && box.top >= area.top && box.right <= area.right && box.bottom <= area.bottom;

/** The first candidate (top-left corners) where a box of `size` fits inside `area` and meets no obstacle. */
export function firstFreeSpot(
  size: Size,
  area: Rect,
  obstacles: Rect[],
  candidates: Iterable<{ left: number; top: number }>,
): { left: number; top: number } | undefined {
  for (const spot of candidates) {
    const box = boxAt(spot.left, spot.top, size);
    if (inside(box, area) && !obstacles.some((o) => intersects(box, o))) return spot;
  }
  return undefined;
}

/** Tops from `from` to `to`, STEP apart (either direction). */
function* range(from: number, to: number) {
  const step = from <= to ? STEP : -STEP;
  for (let v = from; step > 0 ? v <= to : v >= to; v += step) yield v;
}

/**
 * Spots beside a hovered element: to its right, then its left (level with it, then sliding up
 * and down a little), then above it and below it.
 */
export function* besideSpots(anchor: Rect, size: Size, area: Rect) {
  const middle = (anchor.top + anchor.bottom) / 2 - size.height / 2;
  const slide = [0, -STEP, STEP, -2 * STEP, 2 * STEP, -4 * STEP, 4 * STEP, -8 * STEP, 8 * STEP];
  for (const left of [anchor.right + WHISPER_GAP, anchor.left - WHISPER_GAP - size.width]) {
    for (const d of slide) yield { left, top: middle + d };
  }
  const lefts = [anchor.left, anchor.right - size.width, (anchor.left + anchor.right) / 2 - size.width / 2];
  for (const top of [anchor.top - WHISPER_GAP - size.height, anchor.bottom + WHISPER_GAP]) {
    for (const left of lefts) yield { left: Math.max(area.left, Math.min(left, area.right - size.width)), top };
  }
}

/** Spots anywhere on screen: up the left edge from the bottom (by 'Ask the coach'), then up the right edge, then the middle. */
export function* screenSpots(size: Size, area: Rect) {
  const lefts = [area.left, area.right - size.width, (area.left + area.right) / 2 - size.width / 2];
  for (const left of lefts) {
    for (const top of range(area.bottom - size.height, area.top)) yield { left, top };
  }
}

/** Whether an element is drawn at all (not display: none, not visibility: hidden). */
const drawn = (el: Element) =>
  typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;

/** The screen less the room kept at its edges, in viewport pixels. */
function screenArea(): Rect {
  return {
    left: WHISPER_GAP,
    top: WHISPER_GAP,
    right: (document.documentElement.clientWidth || window.innerWidth) - WHISPER_GAP,
    bottom: window.innerHeight - WHISPER_GAP,
  };
}

/**
 * The boxes, with room around each, of the controls and text on screen now (`ignore`: the whisper
 * itself). A floating control counts where it stands and where it comes back to from aside (by the
 * footer, while a field has focus), unseen or not: a whisper there would end up under it.
 */
function obstaclesOnScreen(area: Rect, ignore?: Element | null): Rect[] {
  const viewport: Rect = { left: 0, top: 0, right: area.right + WHISPER_GAP, bottom: area.bottom + WHISPER_GAP };
  const obstacles: Rect[] = [];
  for (const el of document.querySelectorAll(WHISPER_OBSTACLES)) {
    if (ignore?.contains(el)) continue;
    const r = el.getBoundingClientRect();
    const floating = el.classList.contains(FLOATING_CONTROL);
    if (r.width === 0 || r.height === 0 || !intersects(r, viewport) || (!floating && !drawn(el))) continue;
    const top = floating ? r.top - ASIDE_DROP_PX : r.top;
    obstacles.push({ left: r.left - MARGIN, top: top - MARGIN, right: r.right + MARGIN, bottom: r.bottom + MARGIN });
  }
  return obstacles;
}

/**
 * Where a whisper of `size` may open on the page now (viewport pixels), or undefined when the
 * screen has no such room: beside `anchor` when one is given (the element hovered), else anywhere
 * on screen. It covers no control and no text (`ignore` is the whisper itself) and stays on screen.
 */
export function whisperSpot(size: Size, anchor?: Element | null, ignore?: Element | null) {
  const area = screenArea();
  const obstacles = obstaclesOnScreen(area, ignore);
  if (anchor) obstacles.push(anchor.getBoundingClientRect());
  const candidates = anchor ? besideSpots(anchor.getBoundingClientRect(), size, area) : screenSpots(size, area);
  return firstFreeSpot(size, area, obstacles, candidates);
}

/**
 * Whether a whisper on the page now lies on a control or text: it scrolls with the page, so what
 * stays put as the page moves (the header, a sticky table of contents) can come under it.
 */
export function whisperCoversSomething(whisper: Element): boolean {
  const box = whisper.getBoundingClientRect();
  return obstaclesOnScreen(screenArea(), whisper).some((o) => intersects(box, o));
}
