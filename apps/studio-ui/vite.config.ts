import { defineConfig } from 'vite';

// The studio server serves dist/index.html at /studio/play/{sessionId} (injecting window.__STUDIO__) and
// the bundle at /studio/assets/*.
//
// The source is written against React's API and types; the bundle runs it on preact/compat (decision 0132):
// the studio is a small client-only app, and React DOM's evaluation was most of its start-up on the game
// page's thread.
const preact = {
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  react: 'preact/compat',
};

export default defineConfig({
  base: '/studio/',
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: Object.entries(preact).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement })),
  },
  build: { target: 'es2022', outDir: 'dist', assetsDir: 'assets', emptyOutDir: true },
});
