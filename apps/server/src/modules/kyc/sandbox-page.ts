import { createHash } from 'node:crypto';

/**
 * The sandbox identity provider's page, embedded by the web app's verification page in place of the
 * provider's SDK. Static: no script, nothing polled (the web page polls the status endpoint).
 */

/** Where it is served: a page, not under /api (decision 0097); the web app frames `?token=…` of it. */
export const SANDBOX_PAGE_PATH = '/kyc/sandbox';

const style = [
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1b1d29;background:#f5f6fa;display:grid;place-items:center;min-height:100vh}',
  'main{max-width:28rem;padding:2rem;text-align:center}',
  'h1{font-size:1.25rem;margin:1rem 0 .5rem}',
  'p{margin:.25rem 0;color:#555a6e}',
  '.spinner{width:2.5rem;height:2.5rem;margin:auto;border:.25rem solid #d7d9e4;border-top-color:#4a5bd4;border-radius:50%;animation:spin 1s linear infinite}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@media (prefers-reduced-motion:reduce){.spinner{animation:none}}',
].join('');

/** Only this exact stylesheet may apply; nothing else may load, and only the site itself may frame the page. */
export const sandboxPageCsp = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;

export const sandboxPage = (decisionSeconds: number) =>
  page(
    'Verification in progress',
    `<div class="spinner" aria-hidden="true"></div><h1>Verification in progress</h1><p>This is the sandbox identity provider: no documents are needed.</p><p>A decision follows in about ${decisionSeconds} s.</p>`,
  );

export const sandboxNotFoundPage = () =>
  page(
    'Verification link not valid',
    '<h1>This verification link is not valid</h1><p>Open verification again from your profile.</p>',
  );
