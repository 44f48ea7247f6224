// The paint-first rewriter's CPU per page (decision 0131): each page as React Router sends it (a server started
// with WEB_PAINT_FIRST=0), cut into React's 4 kB chunks and run through `paintFirstRewriter` N times.
//   node --import tsx bench/ssr/paint-first.ts [--passes 5000] [--page / …]

import { paintFirstRewriter } from '../../apps/web/app/lib/paint-first.server.ts';
import { startServer } from '../../tests/e2e/server.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const PASSES = Number(option('--passes') ?? 5000);
const pages = args.flatMap((a, i) => (args[i - 1] === '--page' ? [a] : []));
const PAGES = pages.length ? pages : ['/', '/games/neon-fruits'];

function passOf(chunks: Uint8Array[]): number {
  const rewriter = paintFirstRewriter();
  let bytes = 0;
  for (const chunk of chunks) for (const piece of rewriter.push(chunk)) bytes += piece.length;
  for (const piece of rewriter.end()) bytes += piece.length;
  return bytes;
}

const server = await startServer({ WEB_PAINT_FIRST: '0' });
try {
  await server.ready();
  for (const page of PAGES) {
    const html = Buffer.from(await (await fetch(new URL(page, server.url))).arrayBuffer());
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < html.length; at += 4096) chunks.push(html.subarray(at, at + 4096));
    for (let i = 0; i < 500; i++) passOf(chunks); // warm-up
    const before = process.cpuUsage();
    for (let i = 0; i < PASSES; i++) passOf(chunks);
    const used = process.cpuUsage(before);
    const ms = (used.user + used.system) / PASSES / 1000;
    console.log(`${page}: ${html.length} B in ${chunks.length} chunks, ${ms.toFixed(4)} ms CPU per page`);
  }
} finally {
  await server.stop();
}
