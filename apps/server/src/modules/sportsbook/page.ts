import { SPORTSBOOK_PATH } from '@croupier/contracts/sportsbook';
import type { FastifyReply } from 'fastify';
import { type PageTexts, textsFor } from './texts.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Framed by the site only; scripts only our own file under the page's nonce; calls only this origin. */
export const pageCsp = (nonce: string, frameAncestors: readonly string[] = []) =>
  [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    ["frame-ancestors 'self'", ...frameAncestors].join(' '),
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,sans-serif;background:#0b0f1a;color:#eef1f8}
header{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;padding:12px 16px;background:#111729;border-bottom:1px solid #2a3553}
h1{margin:0;font-size:1.15rem}h2{margin:0 0 10px;font-size:.85rem;text-transform:uppercase;letter-spacing:.08em;color:#a4aec8}
a{color:#ffc53d}.notice{margin:0;padding:8px 16px;color:#a4aec8;font-size:.85rem}
main{display:grid;gap:16px;padding:16px}@media(min-width:860px){main{grid-template-columns:2fr 1fr}#bets-box{grid-column:1/-1}}
section{padding:14px;border:1px solid #2a3553;border-radius:14px;background:#161d33}
.event{padding:10px 0;border-top:1px solid #2a3553}.event:first-of-type{border-top:0}.meta{color:#a4aec8;font-size:.8rem}
.odds{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
button{min-height:40px;padding:8px 12px;border:1px solid #2a3553;border-radius:9px;background:#1d2640;color:#eef1f8;font:inherit;cursor:pointer}
button[aria-pressed=true]{border-color:#ffc53d;color:#ffc53d}button:focus-visible,input:focus-visible{outline:2px solid #7cc4ff;outline-offset:2px}
button.primary{background:#f59e0b;border-color:#f59e0b;color:#111;font-weight:700}button:disabled{opacity:.55;cursor:default}
.odds b{margin-left:6px}label{display:block;margin:10px 0 4px}input{width:100%;min-height:40px;padding:8px;border:1px solid #2a3553;border-radius:9px;background:#0b0f1a;color:#eef1f8;font:inherit}
#error{min-height:1.4em;color:#ff6b6b}ul{list-style:none;margin:0;padding:0}li{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;padding:10px 0;border-top:1px solid #2a3553}
li:first-child{border-top:0}.status{font-weight:700}.won,.cashed_out{color:#22c98a}.lost{color:#ff6b6b}`;

/** The sportsbook page: the server renders the frame, app.js fills it from the JSON API. */
export function sportsbookPage(sessionId: string, locale: string, nonce: string): string {
  const { lang, texts: t } = textsFor(locale);
  const config = JSON.stringify({ sessionId, locale: lang, texts: t }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head><body>
<header><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.balance)}: <output id="balance" aria-live="polite">…</output></p><a id="lobby" href="/" target="_top">${escapeHtml(t.lobby)}</a></header>
<p class="notice">${escapeHtml(t.notice)}</p>
<main>
<section aria-labelledby="events-title"><h2 id="events-title">${escapeHtml(t.events)}</h2><div id="events" aria-busy="true"></div></section>
<section aria-labelledby="slip-title"><h2 id="slip-title">${escapeHtml(t.slip)}</h2><form id="slip" novalidate>
<p id="pick">${escapeHtml(t.pick)}</p><label for="stake">${escapeHtml(t.stake)} <span id="currency"></span></label>
<input id="stake" name="stake" inputmode="decimal" autocomplete="off" value="1" required>
<p id="error" role="alert"></p><button class="primary" type="submit" id="place" disabled>${escapeHtml(t.place)}</button></form></section>
<section id="bets-box" aria-labelledby="bets-title"><h2 id="bets-title">${escapeHtml(t.myBets)}</h2><ul id="bets"></ul></section>
</main>
<script type="application/json" id="sportsbook-config">${config}</script>
<script nonce="${nonce}" src="${SPORTSBOOK_PATH}/app.js"></script>
</body></html>`;
}

/** What a player sees when the sportsbook cannot open (a bad or expired link, an unknown session). */
export function sportsbookErrorPage(reply: FastifyReply, status: number, locale: unknown, kind: 'invalid' | 'missing') {
  const { lang, texts } = textsFor(locale);
  const message = kind === 'invalid' ? texts.invalidLink : texts.missing;
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(texts.title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;background:#0b0f1a;color:#eef1f8;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem;text-align:center}</style></head><body><main><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`,
    );
}

export type { PageTexts };
