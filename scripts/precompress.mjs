#!/usr/bin/env node
// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every compressible built asset, so
// the server sends hashed files compressed without compressing them per request (docs/decisions/0046).
// A copy is kept only when it is smaller than the file; files under 1 KB are left alone. Run by `npm run build`.
//   node scripts/precompress.mjs [dir …]   (default: the web app's, the back office's and the studio UI's asset folders)
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dirs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      join(root, 'apps/web/build/client/assets'),
      join(root, 'apps/backoffice/build/client/assets'),
      join(root, 'apps/studio-ui/dist/assets'),
    ];
const TEXT = /\.(js|mjs|css|svg|json|map|html|txt|xml|webmanifest|wasm)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // that app was not built
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.isFile() && TEXT.test(entry.name)) precompress(path);
  }
}

function precompress(path) {
  const { size, mtimeMs } = statSync(path);
  if (size < MIN_BYTES) return;
  const source = readFileSync(path);
  const copies = [
    [
      `${path}.br`,
      () =>
        brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
    ],
    [`${path}.gz`, () => gzipSync(source, { level: 9 })],
  ];
  files++;
  before += size;
  for (const [target, make] of copies) {
    const fresh = (() => {
      try {
        return statSync(target).mtimeMs >= mtimeMs;
      } catch {
        return false;
      }
    })();
    if (fresh) continue;
    const compressed = make();
    if (compressed.length < size) writeFileSync(target, compressed);
    else rmSync(target, { force: true });
  }
  try {
    after += statSync(`${path}.br`).size;
  } catch {
    after += size;
  }
}

for (const dir of dirs) walk(dir);
const kb = (n) => `${Math.round(n / 1024)} KB`;
console.log(`precompress: ${files} files, ${kb(before)} → ${kb(after)} as Brotli`);
