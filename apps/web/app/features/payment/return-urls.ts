import type { DepositResponse, PaymentMethod } from '@croupier/contracts';

/** Result modals a PSP sends the player back to (spec §2: tied to query parameters like every modal). */
export const ResultModal = {
  success: 'deposit-success',
  pending: 'deposit-pending',
  redirect: 'deposit-redirect',
  error: 'deposit-error',
} as const;

/** Parameters that must not survive the trip: the wallet itself and any earlier result. */
const DROPPED = ['wallet', 'cancel-deposit', ...Object.values(ResultModal)];

/** The current page (path + query, without the wallet) with one modal parameter added. */
export function pageWith(pathname: string, search: string, modal?: string): string {
  const params = new URLSearchParams(search);
  for (const key of DROPPED) params.delete(key);
  if (modal) params.set(modal, 'true');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export interface ReturnUrls {
  redirectSuccessUrl: string;
  redirectErrorUrl: string;
  redirectUrl?: string;
}

/**
 * Where the PSP returns the player (api-contract §8): this page with deposit-success / deposit-error
 * open, and deposit-pending as the neutral return of a form deposit. Paths, not absolute URLs: the
 * server accepts a path or a URL under PUBLIC_URL (no open redirect). Crypto deposits return to the
 * page itself.
 */
export function returnUrls(pathname: string, search: string, method: Pick<PaymentMethod, 'type'>): ReturnUrls {
  if (method.type === 'address') {
    const here = pageWith(pathname, search);
    return { redirectSuccessUrl: here, redirectErrorUrl: here };
  }
  return {
    redirectSuccessUrl: pageWith(pathname, search, ResultModal.success),
    redirectErrorUrl: pageWith(pathname, search, ResultModal.error),
    redirectUrl: pageWith(pathname, search, ResultModal.pending),
  };
}

/** `action` with the response `fields` appended as query parameters. */
export function withFields(action: string, fields: Readonly<Record<string, string>>): string {
  const entries = Object.entries(fields);
  if (entries.length === 0) return action;
  const [path, hash = ''] = action.split('#', 2) as [string, string?];
  const query = new URLSearchParams(entries).toString();
  return `${path}${path.includes('?') ? '&' : '?'}${query}${hash ? `#${hash}` : ''}`;
}

/** What the wallet does with a deposit answer, by the method's processingType (api-contract §8). */
export type DepositStep =
  /** The outcome is known already: the answer points at our own return page. */
  | { kind: 'navigate'; to: string }
  /** A PSP page (checkout, 3-D Secure): a new window. */
  | { kind: 'window'; url: string }
  | { kind: 'iframe'; url: string }
  | { kind: 'qr'; qr: string }
  | { kind: 'message' }
  | { kind: 'await'; invoiceId: string };

/** Our own page (not an API path): a same-origin path, or an absolute URL on this origin. */
function ownPage(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || parsed.pathname.startsWith('/api/')) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export function depositStep(
  processingType: PaymentMethod['processingType'],
  response: DepositResponse,
  origin: string,
): DepositStep {
  const url = response.action ? withFields(response.action, response.fields) : '';
  switch (processingType) {
    case 'form': {
      if (!url) return { kind: 'message' };
      const own = ownPage(url, origin);
      return own ? { kind: 'navigate', to: own } : { kind: 'window', url };
    }
    case 'iframe':
      return url ? { kind: 'iframe', url } : { kind: 'message' };
    case 'qr':
      return response.qr ? { kind: 'qr', qr: response.qr } : { kind: 'message' };
    case 'asyncRedirect':
      return { kind: 'await', invoiceId: response.invoiceId };
    default:
      return { kind: 'message' };
  }
}
