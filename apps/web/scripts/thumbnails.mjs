#!/usr/bin/env node
// Game thumbnails from the hand-made art in art/games/{identity}.svg (spec §3: 200x300 vertical and
// 200x200 square, at 1x, 2x and 3x). Writes public/assets/games/{identity}/{size}@{n}x.{png,webp}, the
// paths the game API answers (`/assets/games/{identity}/200x300@1x.png`). Skips files newer than their art.
// Usage: node scripts/thumbnails.mjs [--force]
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ART = join(ROOT, 'art', 'games');
const OUT = join(ROOT, 'public', 'assets', 'games');
const SCALES = [1, 2, 3];
const force = process.argv.includes('--force');

/**
 * The square thumbnail is a square window of the vertical art (whose background runs wider than 200
 * units): its side and top per game, chosen so the motif and the title both fit.
 */
const SQUARE = {
  'neon-fruits': { side: 235, top: 45 },
  'european-roulette': { side: 232, top: 48 },
  blackjack: { side: 240, top: 46 },
  dice: { side: 225, top: 58 },
  mines: { side: 235, top: 38 },
  plinko: { side: 250, top: 28 },
  'betsy-sportsbook-betsy': { side: 250, top: 40 },
};

/** The same art with another viewBox (and pixel size), so it is rasterised, not cropped and scaled. */
function framed(svg, [x, y, w, h], width, height) {
  return Buffer.from(
    svg
      .toString('utf8')
      .replace(/viewBox="[^"]*"/, `viewBox="${x} ${y} ${w} ${h}"`)
      .replace(/width="200" height="300"/, `width="${width}" height="${height}"`),
  );
}

const isFresh = (file, since) => {
  try {
    return statSync(file).mtimeMs >= since;
  } catch {
    return false;
  }
};

async function render(svg, identity, since) {
  const dir = join(OUT, identity);
  mkdirSync(dir, { recursive: true });
  let written = 0;
  for (const n of SCALES) {
    // Rasterised at the target density, so text and strokes stay sharp at 2x and 3x.
    const vertical = await sharp(framed(svg, [0, 0, 200, 300], 200 * n, 300 * n))
      .png()
      .toBuffer();
    const { side, top } = SQUARE[identity] ?? { side: 200, top: 50 };
    const square = await sharp(framed(svg, [(200 - side) / 2, top, side, side], 200 * n, 200 * n))
      .png()
      .toBuffer();
    for (const [size, image] of [
      ['200x300', vertical],
      ['200x200', square],
    ]) {
      const base = join(dir, `${size}@${n}x`);
      if (!force && isFresh(`${base}.png`, since) && isFresh(`${base}.webp`, since)) continue;
      await sharp(image).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(`${base}.png`);
      await sharp(image).webp({ quality: 82 }).toFile(`${base}.webp`);
      written += 2;
    }
  }
  return written;
}

const sources = readdirSync(ART).filter((f) => f.endsWith('.svg'));
let total = 0;
for (const file of sources) {
  const path = join(ART, file);
  total += await render(readFileSync(path), file.slice(0, -4), statSync(path).mtimeMs);
}
console.log(`thumbnails: ${sources.length} games, ${total} files written`);
