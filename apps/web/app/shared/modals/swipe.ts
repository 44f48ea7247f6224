/** Spec §9: a swipe closes the sheet past 10% of its size, or when it is a flick under 300 ms. */
export const SWIPE_DISTANCE_RATIO = 0.1;
export const SWIPE_FLICK_MS = 300;
/** A flick must still move a little, so a tap is not a swipe. */
export const SWIPE_FLICK_MIN_PX = 24;

export function shouldCloseOnSwipe(distancePx: number, sizePx: number, durationMs: number): boolean {
  if (distancePx <= 0) return false;
  if (distancePx > sizePx * SWIPE_DISTANCE_RATIO) return true;
  return durationMs < SWIPE_FLICK_MS && distancePx >= SWIPE_FLICK_MIN_PX;
}
