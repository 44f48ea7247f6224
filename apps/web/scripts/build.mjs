// The web app's production build, in two passes (decision 0080): the first writes which modules every page
// loads (the client entry's and the root route's chunks, after tree shaking), the second bundles exactly those
// into one `shell` chunk. The first pass builds into a scratch directory; only the second one's output is kept.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const scratch = mkdtempSync(join(tmpdir(), 'croupier-web-build-'));
const plan = join(scratch, 'shell-modules.json');

function build(env) {
  const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    rmSync(scratch, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

try {
  build({ WEB_SHELL_PLAN_OUT: plan, WEB_BUILD_OUT: join(scratch, 'build'), WEB_BUNDLE_REPORT: '' });
  build({ WEB_SHELL_PLAN: plan });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
