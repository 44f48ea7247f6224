import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

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

const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/].*\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/**
 * The contracts declare schemas at module level (`export const RealtimeCommand = z.object(…)`), calls a bundler
 * must keep, so one constant taken from such a module (the dashboard's channel names and real-time timings)
 * brought zod with it. The package is `sideEffects: false`: in the client build each module-level call or `new`
 * in an initializer becomes `/* @__PURE__ *\/ (() => <init>)()`, kept when used and dropped with zod when not
 * — as apps/web does (its vite.config.ts, decision 0073).
 */
function pureContractConstants(): Plugin {
  return {
    name: 'croupier-backoffice-pure-contract-constants',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACTS_SOURCE.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init && (init.type === 'CallExpression' || init.type === 'NewExpression')) inits.push(init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => ${out.slice(init.start, init.end)})()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

// Assets are served under the app's basename: /backoffice/assets/… (immutable, hashed names).
export default defineConfig({
  base: '/backoffice/',
  plugins: [reactRouter(), routeTable(), pureContractConstants()],
  build: { target: 'es2022' },
});
