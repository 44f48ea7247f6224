/** GET /api/player/services/sumsub/status (api-contract §4.1, ours). */
export type VerificationStatus = 'init' | 'pending' | 'approved' | 'rejected';

/** How often the page asks for the state while a verification is under way. */
export const POLL_MS = 3000;

/**
 * The built-in sandbox provider (server without SUMSUB_* credentials) answers tokens `sandbox_<random>`;
 * its page is framed instead of the provider's SDK. Any other token is a real Sumsub WebSDK token.
 */
const SANDBOX_TOKEN = /^sandbox_[A-Za-z0-9_-]+$/;
export const isSandboxToken = (token: string) => SANDBOX_TOKEN.test(token);

export const sandboxFrameSrc = (token: string) => `/kyc/sandbox?token=${encodeURIComponent(token)}`;

export type ProviderSession = { kind: 'sandbox'; src: string } | { kind: 'sumsub'; token: string };

export const providerSessionOf = (token: string): ProviderSession =>
  isSandboxToken(token) ? { kind: 'sandbox', src: sandboxFrameSrc(token) } : { kind: 'sumsub', token };

export const isFinal = (status: VerificationStatus | null) => status === 'approved' || status === 'rejected';

/** Polled while the review is pending, or while the provider is open and nothing is decided yet. */
export const shouldPoll = (status: VerificationStatus | null, providerOpen: boolean) =>
  status === 'pending' || (providerOpen && status !== null && !isFinal(status));

/** What the page shows for a state. */
export type VerificationView = 'loading' | 'start' | 'provider' | 'review' | 'approved' | 'rejected';

export function verificationView(status: VerificationStatus | null, providerOpen: boolean): VerificationView {
  if (status === null) return 'loading';
  if (status === 'approved') return 'approved';
  if (providerOpen) return 'provider';
  if (status === 'rejected') return 'rejected';
  if (status === 'pending') return 'review';
  return 'start';
}

/** Sumsub's WebSDK builder. Our CSP (script-src 'self' + nonce, frame-src 'self') does not allow it. */
export const SUMSUB_SDK_URL = 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js';
