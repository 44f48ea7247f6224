import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // WEB_BUILD_OUT: build elsewhere (bench/page-weight compares builds without touching the served one).
  buildDirectory: process.env.WEB_BUILD_OUT ?? 'build',
} satisfies Config;
