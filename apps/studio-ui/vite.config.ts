import { defineConfig } from 'vite';
import { preactAliases } from '../../scripts/vite/preact-aliases.ts';

// The studio server serves dist/index.html at /studio/play/{sessionId} (injecting window.__STUDIO__) and
// the bundle at /studio/assets/*.
//
// The source is written against React's API and types; the bundle runs it on preact/compat (decision 0132):
// the studio is a small client-only app, and React DOM's evaluation was most of its start-up on the game
// page's thread.
export default defineConfig({
  base: '/studio/',
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { alias: preactAliases },
  build: { target: 'es2022', outDir: 'dist', assetsDir: 'assets', emptyOutDir: true },
});
