import { describe, expect, it } from 'vitest';
import { paintFirstBoot, paintFirstRewriter } from '../app/lib/paint-first.server.ts';

// Decision 0131: the streamed page loses its modulepreload links and its route-modules script becomes a boot
// that imports the same chunks after the first paint. The rest of the page goes out byte for byte, however
// React cuts it into chunks.

const MODULE_TEXT =
  ';\nimport * as route0 from "/assets/root-1.js";\nimport * as route1 from "/assets/home-2.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-3.js"}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"index":route1};\n\nimport("/assets/entry.client-3.js");';

const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Croupier — € and ü</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-3.js" nonce="n0=="/>' +
  '<link rel="modulepreload" href="/assets/shell-4.js" nonce="n0=="/>' +
  '<link rel="modulepreload" href="/assets/home-2.js" nonce="n0=="/>' +
  '<link nonce="n0==" rel="stylesheet" href="/assets/shell-5.css#"/></head><body><main><h1>Spielen – Glück</h1></main>' +
  '<script nonce="n0==">window.__reactRouterContext = {"a":1};</script>' +
  `<script nonce="n0==" type="module" async="">${MODULE_TEXT}</script>` +
  '<!--$?--><template id="B:0"></template><!--/$-->' +
  '<script nonce="n0==">window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>';

const EXPECTED = PAGE.replace(/<link rel="modulepreload"[^>]*>/g, '').replace(
  MODULE_TEXT,
  paintFirstBoot(['/assets/entry.client-3.js', '/assets/shell-4.js', '/assets/home-2.js'], MODULE_TEXT),
);

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (pieces: Uint8Array[]) => Buffer.concat(pieces).toString('utf8');

function rewrite(chunks: Uint8Array[]): string {
  const rewriter = paintFirstRewriter();
  const out: Uint8Array[] = [];
  for (const chunk of chunks) out.push(...rewriter.push(chunk));
  out.push(...rewriter.end());
  return text(out);
}

/** Cuts `all` at the given byte offsets. */
function cut(all: Uint8Array, at: number[]): Uint8Array[] {
  const edges = [0, ...at, all.length];
  return edges.slice(1).map((end, i) => all.slice(edges[i], end));
}

describe('paint-first rewriter', () => {
  it('drops the preload links and turns the route-modules script into the boot, the rest untouched', () => {
    const out = rewrite([bytes(PAGE)]);
    expect(out).toBe(EXPECTED);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<script nonce="n0==" type="module" async="">const t=');
    expect(out).toContain('<link nonce="n0==" rel="stylesheet" href="/assets/shell-5.css#"/>');
  });

  it('gives the same page for every cut into two chunks, and into many small ones', () => {
    const all = bytes(PAGE);
    for (let at = 1; at < all.length; at++) expect(rewrite(cut(all, [at]))).toBe(EXPECTED);
    for (const size of [1, 2, 3, 7, 13, 64]) {
      const edges = Array.from({ length: Math.ceil(all.length / size) - 1 }, (_, i) => (i + 1) * size);
      expect(rewrite(cut(all, edges))).toBe(EXPECTED);
    }
  });

  it('boots the original script with each preloaded chunk imported first', () => {
    const boot = paintFirstBoot(['/a.js', '/b.js'], MODULE_TEXT);
    const t = JSON.parse(/^const t=("(?:[^"\\]|\\.)*");/.exec(boot)![1]!) as string;
    expect(t).toBe(`import "/a.js";import "/b.js";${MODULE_TEXT}`);
    // After the first painted frame, or at once in a hidden tab (no frame comes).
    expect(boot).toContain('requestAnimationFrame(()=>setTimeout(go,0))');
    expect(boot).toContain('document.visibilityState==="hidden"?go()');
    // No `</script>` can end the inline script early.
    expect(paintFirstBoot(['/x.js'], 'const s = "</script>";')).not.toContain('</script>');
  });

  it('passes a page without React Router scripts through unchanged', () => {
    const page = '<html><head><link rel="stylesheet" href="/a.css"/></head><body>ok ü</body></html>';
    const all = bytes(page);
    for (let at = 1; at < all.length; at++) expect(rewrite(cut(all, [at]))).toBe(page);
  });

  it('leaves a script it cannot end as it came (no closing tag)', () => {
    const page = `<head></head><body><script nonce="n" type="module" async="">${MODULE_TEXT}`;
    expect(rewrite(cut(bytes(page), [40, 90]))).toBe(page);
  });

  it('rewrites only the first route-modules script', () => {
    const twice = `${PAGE}<script nonce="n0==" type="module" async="">import "/late.js";</script>`;
    const out = rewrite([bytes(twice)]);
    expect(out).toBe(`${EXPECTED}<script nonce="n0==" type="module" async="">import "/late.js";</script>`);
  });
});
