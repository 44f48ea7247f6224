import type { FastifyReply } from 'fastify';

/** The HTML page a player sees when a game cannot start (a bad or expired launch link, an unknown session). */

const MESSAGES: Record<
  string,
  { title: string; signature: string; expired: string; invalid: string; missing: string }
> = {
  en: {
    title: 'The game could not start',
    signature: 'This game link is not valid.',
    expired: 'This game link has expired. Go back to the casino and open the game again.',
    invalid: 'This game link is incomplete or invalid.',
    missing: 'This game session does not exist or has expired. Open the game again from the casino.',
  },
  de: {
    title: 'Das Spiel konnte nicht starten',
    signature: 'Dieser Spiel-Link ist ungültig.',
    expired: 'Dieser Spiel-Link ist abgelaufen. Öffne das Spiel erneut im Casino.',
    invalid: 'Dieser Spiel-Link ist unvollständig oder ungültig.',
    missing: 'Diese Spielsitzung existiert nicht oder ist abgelaufen. Öffne das Spiel erneut im Casino.',
  },
  fr: {
    title: 'Le jeu n’a pas pu démarrer',
    signature: 'Ce lien de jeu n’est pas valide.',
    expired: 'Ce lien de jeu a expiré. Rouvrez le jeu depuis le casino.',
    invalid: 'Ce lien de jeu est incomplet ou invalide.',
    missing: 'Cette session de jeu n’existe pas ou a expiré. Rouvrez le jeu depuis le casino.',
  },
  es: {
    title: 'No se pudo iniciar el juego',
    signature: 'Este enlace de juego no es válido.',
    expired: 'Este enlace de juego ha caducado. Vuelve al casino y abre el juego de nuevo.',
    invalid: 'Este enlace de juego está incompleto o no es válido.',
    missing: 'Esta sesión de juego no existe o ha caducado. Abre el juego de nuevo desde el casino.',
  },
};
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function errorPage(
  reply: FastifyReply,
  status: number,
  locale: unknown,
  kind: 'signature' | 'expired' | 'invalid' | 'missing',
) {
  const lang = typeof locale === 'string' && locale.slice(0, 2) in MESSAGES ? locale.slice(0, 2) : 'en';
  const m = MESSAGES[lang]!;
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(m.title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;background:#111;color:#eee;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center;padding:1rem}</style></head><body><main><h1>${escapeHtml(m.title)}</h1><p>${escapeHtml(m[kind])}</p></main></body></html>`;
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN')
    .send(html);
}
