import type { Config } from '@react-router/dev/config';

/**
 * The back office is a single-page app (decision 0109): no SEO, every screen is one staff member's data, and
 * the browser's HttpOnly cookie goes straight to /api/backoffice. The build writes `build/client/index.html`,
 * which the server answers for every /backoffice path (apps/server/src/site/backoffice-plugin.ts).
 */
export default {
  ssr: false,
  appDirectory: 'app',
  basename: '/backoffice',
  buildDirectory: 'build',
} satisfies Config;
