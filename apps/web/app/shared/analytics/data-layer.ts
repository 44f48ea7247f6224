declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes one analytics event to the tag manager's data layer (spec §1 analytics funnels). */
export function pushEvent(event: string, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...params });
}

export type RegistrationStep = 'open' | 'type' | 'submit' | 'otp' | 'success';

/** Registration funnel (spec §9): open, type, submit, otp, success. */
export const trackRegistration = (step: RegistrationStep, params: Record<string, unknown> = {}) =>
  pushEvent('registration', { step, ...params });
