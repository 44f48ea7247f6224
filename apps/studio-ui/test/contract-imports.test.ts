import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The game UI takes its API types from @croupier/contracts, whose index carries zod schemas: only type
// imports of it are allowed, and runtime imports only of its zod-free modules, so zod stays out of the bundle.
const zodFree = new Set(['@croupier/contracts/studio-games', '@croupier/contracts/reference/money']);
const src = resolve(import.meta.dirname, '../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('studio-ui imports of contracts', () => {
  it('are type-only, or from a zod-free module', () => {
    const offending: string[] = [];
    for (const file of files(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
        const [, typeOnly, from = ''] = m;
        if (from === 'zod' || (from.startsWith('@croupier/contracts') && !typeOnly && !zodFree.has(from))) {
          offending.push(`${file}: ${from}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});
