import { defineConfig } from 'vite';

// The studio server serves dist/index.html at /studio/play/{sessionId} (injecting window.__STUDIO__) and
// the bundle at /studio/assets/*.
export default defineConfig({
  base: '/studio/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: { target: 'es2022', outDir: 'dist', assetsDir: 'assets', emptyOutDir: true },
});
