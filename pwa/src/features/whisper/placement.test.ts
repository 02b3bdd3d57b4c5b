import { afterEach, describe, expect, it } from 'vitest';
import { ASIDE_DROP_PX, FLOATING_CONTROL } from '../../shared/layout/floatingControls.ts';
import { besideSpots, firstFreeSpot, screenSpots, whisperSpot, type Rect } from './placement.ts';

const rect = (left: number, top: number, width: number, height: number): Rect => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});
const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const size = { width: 300, height: 100 };
const screen = rect(12, 12, 1256, 776);

describe('whisper placement', () => {
  it('opens beside the hovered button, never on it nor on the buttons next to it', () => {
    const hovered = rect(200, 400, 280, 52);
    const neighbour = rect(500, 400, 200, 52);
    const lead = rect(200, 300, 700, 80);
    const spot = firstFreeSpot(size, screen, [hovered, neighbour, lead], besideSpots(hovered, size, screen))!;
    expect(spot).toBeDefined();
    const box = rect(spot.left, spot.top, size.width, size.height);
    for (const o of [hovered, neighbour, lead]) expect(overlaps(box, o)).toBe(false);
    // beside: level with the button, or right above or below it
    expect(box.bottom > hovered.top - 120 && box.top < hovered.bottom + 120).toBe(true);
  });

  it('finds no spot when every place beside the hovered element is taken', () => {
    const hovered = rect(12, 12, 1256, 776);
    expect(firstFreeSpot(size, screen, [hovered], besideSpots(hovered, size, screen))).toBeUndefined();
  });

  it('prefers the bottom-left corner and climbs past what is there', () => {
    const askTheCoach = rect(16, 740, 160, 44);
    const spot = firstFreeSpot(size, screen, [askTheCoach], screenSpots(size, screen))!;
    expect(spot.left).toBe(12);
    expect(spot.top + size.height).toBeLessThanOrEqual(askTheCoach.top);
    expect(spot.top + size.height).toBeGreaterThan(askTheCoach.top - 10);
  });

  it('stays on screen: a screen narrower than the bubble has no spot', () => {
    expect(firstFreeSpot(size, rect(12, 12, 200, 776), [], screenSpots(size, rect(12, 12, 200, 776)))).toBeUndefined();
  });

  describe('on the page', () => {
    afterEach(() => document.body.replaceChildren());

    it("keeps clear of where 'Ask the coach' comes back to while it is stepped aside, unseen", () => {
      // At home it stands at the bottom-left corner; aside (by the footer) it is hidden and lower.
      const home = rect(16, 700, 160, 44);
      const control = document.createElement('button');
      control.className = FLOATING_CONTROL;
      control.textContent = 'Ask the coach';
      control.getBoundingClientRect = () => DOMRect.fromRect({ x: 16, y: 700 + ASIDE_DROP_PX, width: 160, height: 44 });
      control.checkVisibility = () => false;
      document.body.append(control);

      const spot = whisperSpot(size)!;
      expect(spot).toBeDefined();
      expect(overlaps(rect(spot.left, spot.top, size.width, size.height), home)).toBe(false);
    });
  });
});
