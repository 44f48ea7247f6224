// Page weight (issue 15): the JavaScript a first visit preloads and the loader data each page embeds.
// Starts a real server (demo seed, embedded PGlite) on a web build, fetches each page as a first visit
// and prints a table plus JSON. No timing: these are byte counts, stable across runs.
//
//   node --import tsx bench/page-weight/run.ts [--build-dir apps/web/build] [--page /de ...]
import { gzipSync } from 'node:zlib';
import { startServer } from '../../tests/e2e/server.ts';
import { assertProductionBuild } from '../lighthouse/production-build.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const extraPages = args.flatMap((a, i) => (args[i - 1] === '--page' ? [a] : []));
const PAGES = extraPages.length ? extraPages : ['/', '/categories/slots', '/games/neon-fruits', '/de'];

interface PageWeight {
  page: string;
  htmlBytes: number;
  modulePreloads: number;
  jsRawBytes: number;
  jsGzipBytes: number;
  /** The turbo-stream payloads of the loader data handed to the browser (raw characters). */
  loaderDataBytes: number;
}

/**
 * Every module the first load fetches: React Router's `<link rel="modulepreload">`s and the entry its inline
 * script imports, or, as the server sends them (decision 0131), the same chunks imported by the paint-first
 * boot, whose script text is a JSON string (quotes escaped).
 */
function moduleUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\(\\?"([^"\\]+\.js)\\?"\)/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/(?:import|from) \\"([^"\\]+\.js)\\"/g)) urls.add(m[1]!);
  return [...urls];
}

/** React Router streams loader data as `streamController.enqueue("…")` calls in inline scripts. */
function loaderDataBytes(html: string): number {
  let total = 0;
  for (const m of html.matchAll(/streamController\.enqueue\(((?:"(?:[^"\\]|\\.)*"))\)/g)) {
    total += (JSON.parse(m[1]!) as string).length;
  }
  return total;
}

async function measure(base: string, page: string): Promise<PageWeight> {
  // A desktop browser's user agent: bots get the whole page at once, people the streamed shell.
  const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };
  const res = await fetch(base + page, { headers, redirect: 'manual' });
  if (res.status !== 200) throw new Error(`${page}: HTTP ${res.status}`);
  const html = await res.text();
  const urls = moduleUrls(html);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return {
    page,
    htmlBytes: Buffer.byteLength(html),
    modulePreloads: urls.length,
    jsRawBytes: raw,
    jsGzipBytes: gzip,
    loaderDataBytes: loaderDataBytes(html),
  };
}

const buildDir = option('--build-dir');
const server = await startServer(buildDir ? { WEB_BUILD_DIR: buildDir } : {});
try {
  await server.ready();
  await assertProductionBuild(server.url);
  const results: PageWeight[] = [];
  for (const page of PAGES) results.push(await measure(server.url, page));
  // kB = 1000 bytes, as the issue counts them.
  const kb = (n: number) => (n / 1000).toFixed(1);
  console.log('| page | modules | JS raw kB | JS gzip kB | loader data kB | HTML kB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| \`${r.page}\` | ${r.modulePreloads} | ${kb(r.jsRawBytes)} | ${kb(r.jsGzipBytes)} | ${kb(r.loaderDataBytes)} | ${kb(r.htmlBytes)} |`,
    );
  }
  console.log(JSON.stringify(results, null, 2));
} finally {
  await server.stop();
}
