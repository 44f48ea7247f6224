/**
 * One-time notices carried in the navigation state to the next page: set by
 * `navigate(to, { state: flashState(key) })`, shown once as an alert (FlashNotice → toasts), gone on reload.
 */
export const FLASH_KEYS = ['accountBlocked'] as const;
export type FlashKey = (typeof FLASH_KEYS)[number];

export const flashState = (key: FlashKey) => ({ flash: key });

/** The notice a location's state carries, if any (anything else in the state is ignored). */
export function flashOf(state: unknown): FlashKey | null {
  const key = (state as { flash?: unknown } | null | undefined)?.flash;
  return FLASH_KEYS.find((k) => k === key) ?? null;
}
