import { demoIdentities } from './identities.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.45 system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 30rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 12px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
  p.note { color: #5b6475; font-size: .9rem; margin: 0 0 1.5rem; }
  button { display: block; width: 100%; text-align: left; padding: .7rem .9rem; margin: 0 0 .6rem;
           border: 1px solid #c9ced8; border-radius: 8px; background: #fff; font: inherit; cursor: pointer; }
  button:hover { border-color: #3057d5; }
  button small { display: block; color: #5b6475; }
  fieldset { border: 1px solid #e1e4ea; border-radius: 8px; margin: 1.2rem 0; padding: .8rem .9rem; }
  input[type=email] { width: 100%; box-sizing: border-box; padding: .55rem; font: inherit; margin: .3rem 0 .5rem;
                      border: 1px solid #c9ced8; border-radius: 6px; }
  button.cancel { text-align: center; color: #5b6475; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

/** The login form of an authorization request: demo identities, or any e-mail typed in. */
export function loginPage(input: { uid: string; clientId: string; redirectUri: string }): string {
  const buttons = demoIdentities
    .map(
      (i) =>
        `<button name="identity" value="${escapeHtml(i.key)}">${escapeHtml(i.email ?? i.name)}<small>${escapeHtml(i.label)}</small></button>`,
    )
    .join('\n');
  return layout(
    'Croupier ID (development)',
    `<h1>Croupier ID</h1>
<p class="note">Local OpenID provider for development. Anyone can sign in here as anyone: it never runs in
production. Client <code>${escapeHtml(input.clientId)}</code> returns to <code>${escapeHtml(input.redirectUri)}</code>.</p>
<form method="post" action="auth">
<input type="hidden" name="uid" value="${escapeHtml(input.uid)}">
${buttons}
<fieldset>
<label for="email">Another e-mail</label>
<input id="email" type="email" name="email" autocomplete="off" placeholder="someone@example.com">
<label><input type="checkbox" name="email_verified" value="true" checked> The provider has verified it</label>
<button name="identity" value="typed">Continue with this e-mail</button>
</fieldset>
<button class="cancel" name="identity" value="cancel">Cancel (access_denied)</button>
</form>`,
  );
}

/** A request that cannot be sent back to the client (unknown client or redirect URI). */
export function errorPage(error: string, description: string): string {
  return layout('Sign-in error', `<h1>${escapeHtml(error)}</h1><p class="note">${escapeHtml(description)}</p>`);
}
