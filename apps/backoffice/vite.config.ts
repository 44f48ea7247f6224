import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { pureContractConstants } from '../../scripts/vite/pure-contract-constants.ts';

const ROUTES_MODULE = /[\\/]app[\\/]lib[\\/]routes\.ts$/;

/**
 * The browser's client needs only each operation's method, path and auth. In the client build `lib/routes.ts`
 * becomes that table as plain data, computed from the contracts at build time, so zod and the schemas stay out
 * of the bundle (as apps/web does, decision 0073).
 */
function routeTable(): Plugin {
  return {
    name: 'croupier-backoffice-route-table',
    apply: 'build',
    async load(id) {
      if (!ROUTES_MODULE.test(id)) return null;
      const { tsImport } = await import('tsx/esm/api');
      const { backofficeRoutes } = (await tsImport(id, import.meta.url)) as { backofficeRoutes: unknown };
      return `export const backofficeRoutes = ${JSON.stringify(backofficeRoutes)};\n`;
    },
  };
}

// Assets are served under the app's basename: /backoffice/assets/… (immutable, hashed names).
export default defineConfig({
  base: '/backoffice/',
  plugins: [reactRouter(), routeTable(), pureContractConstants()],
  build: { target: 'es2022' },
});
