// Whether `npm run build` must run: the web build, the back office or the studio UI bundle is missing or older than a
// file it is made from. Shared by `npm start` and the e2e global setup.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const builds = [
  {
    entry: 'apps/web/build/server/index.js',
    sources: [
      'apps/web/app',
      'apps/web/art',
      'apps/web/public',
      'packages/contracts/src',
      'apps/web/vite.config.ts',
      'apps/web/scripts',
    ],
  },
  {
    // The back office (decision 0109), served at /backoffice.
    entry: 'apps/backoffice/build/client/index.html',
    sources: [
      'apps/backoffice/app',
      'packages/contracts/src',
      'apps/backoffice/vite.config.ts',
      'apps/backoffice/react-router.config.ts',
    ],
  },
  {
    // The studio's game UI, served at /studio/assets.
    entry: 'apps/studio-ui/dist/index.html',
    sources: ['apps/studio-ui/src', 'apps/studio-ui/index.html', 'apps/studio-ui/vite.config.ts', 'packages/games/src'],
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** @param {string} root the repository root */
export function buildIsStale(root) {
  return builds.some(({ entry, sources }) => {
    const built = join(root, entry);
    return !existsSync(built) || Math.max(...sources.map((s) => newestMtime(join(root, s)))) > statSync(built).mtimeMs;
  });
}
