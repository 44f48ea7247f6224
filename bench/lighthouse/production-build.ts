// Refuses to measure a development build of the player site. A build made with NODE_ENV unset to "production"
// (development, or vitest's "test") bundles React's development code: it logs every hydration attribute mismatch
// as a console error, StrictMode runs each effect twice, and it is several times slower and larger. Issue 30's
// first figures (best practices 96 on every page, a layout shift of 0.167 on /categories/slots) were those of
// such a build. Its scripts carry React's warning links (`react.dev/link/…`), which the production build omits.

const DEVELOPMENT_MARKER = 'react.dev/link/';
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** The scripts `/` preloads, fetched from `base`; throws when any holds React's development code. */
export async function assertProductionBuild(base: string): Promise<void> {
  const html = await (await fetch(new URL('/', base), { headers: { 'user-agent': PERSON } })).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1]!);
  for (const url of urls) {
    const body = await (await fetch(new URL(url, base))).text();
    if (body.includes(DEVELOPMENT_MARKER)) {
      throw new Error(
        `${url} holds React's development code: this server runs a development build of the web app, whose console ` +
          'warnings, double effects and speed are not what a visitor gets. Build it with NODE_ENV=production.',
      );
    }
  }
}
