import type { DepositRequest } from '@croupier/contracts';
import { onSite } from '../../http/site-origins.ts';
import { invalid } from './errors.ts';

const KEYS = ['redirectSuccessUrl', 'redirectErrorUrl', 'redirectUrl'] as const;

/**
 * A deposit's return URLs, each a path or an absolute URL on one of the site's origins (decision 0050),
 * normalised; 422 naming every field that points anywhere else. The provider only ever sees checked URLs.
 */
export function checkReturnUrls(request: DepositRequest, origins: readonly string[]): DepositRequest {
  const checked: DepositRequest = { ...request };
  const errors: Record<string, string> = {};
  for (const key of KEYS) {
    const value = request[key];
    if (value === undefined || (key === 'redirectUrl' && value === '')) continue;
    const url = onSite(value, origins);
    if (url === null) errors[key] = 'Must be a URL of this site.';
    else checked[key] = url;
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return checked;
}
