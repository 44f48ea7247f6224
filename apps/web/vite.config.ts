import { readFileSync, writeFileSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { pureContractConstants } from '../../scripts/vite/pure-contract-constants.ts';

const API_ROUTES_MODULE = /[\\/]app[\\/]shared[\\/]api[\\/]routes\.ts$/;

/**
 * The browser's API client needs only each operation's method, path and auth. In the client build,
 * `shared/api/routes.ts` becomes that table as plain data, computed from the contracts' endpoints at build
 * time, so no zod schema comes with it (decision 0073). The server build keeps the module as written.
 */
function apiRouteTable(): Plugin {
  return {
    name: 'croupier-api-route-table',
    // The first load's size matters in the build only; the dev server serves the sources as written.
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async load(id) {
      if (!API_ROUTES_MODULE.test(id)) return null;
      const { tsImport } = await import('tsx/esm/api');
      const { apiRoutes } = (await tsImport(id, import.meta.url)) as { apiRoutes: unknown };
      return `export const apiRoutes = ${JSON.stringify(apiRoutes)};\n`;
    },
  };
}

const CONTRACTS_DATA = 'virtual:croupier-contracts-data';
const WEB_SOURCE = /[\\/]apps[\\/]web[\\/]app[\\/].*\.tsx?$/;

/** JSON-like values (status tables, channel names, timings): no schema, function or class instance. */
function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (typeof value !== 'object' || depth > 6) return false;
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as object).every((item) => isPlainData(item, depth + 1));
}

/**
 * Rolldown shakes statements, not chunks: a contracts module whose schema is used anywhere (a lazy modal)
 * keeps that schema, and zod, in the chunk of every module taking a constant from it (`MessageState`,
 * `AccountStatus` on the first load). In the client build the web app's imports of plain-data constants
 * from `@croupier/contracts` read a generated module of those values instead (computed from the contracts
 * at build time), so a constant no longer brings its module's schemas (decision 0073).
 */
function contractsDataImports(): Plugin {
  let data: Promise<Map<string, string>> | undefined;
  const load = async () => {
    const { tsImport } = await import('tsx/esm/api');
    const index = new URL('../../packages/contracts/src/index.ts', import.meta.url).href;
    const contracts = (await tsImport(index, import.meta.url)) as Record<string, unknown>;
    const values = new Map<string, string>();
    for (const [name, value] of Object.entries(contracts)) {
      if (name === 'default' || !isPlainData(value)) continue;
      const json = JSON.stringify(value);
      values.set(name, Object.isFrozen(value) ? `/* @__PURE__ */ Object.freeze(${json})` : json);
    }
    return values;
  };
  return {
    name: 'croupier-contracts-data-imports',
    // The first load's size matters in the build only; the dev server serves the sources as written.
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => (id === CONTRACTS_DATA ? `\0${CONTRACTS_DATA}` : null),
    async load(id) {
      if (id !== `\0${CONTRACTS_DATA}`) return null;
      data ??= load();
      return [...(await data)].map(([name, value]) => `export const ${name} = ${value};`).join('\n');
    },
    async transform(code, id) {
      if (!WEB_SOURCE.test(id) || !code.includes('@croupier/contracts')) return null;
      data ??= load();
      const values = await data;
      const program = this.parse(code) as unknown as { body: ImportNode[] };
      let out = code;
      for (const node of [...program.body].reverse()) {
        if (node.type !== 'ImportDeclaration' || node.source?.value !== '@croupier/contracts') continue;
        const named = node.specifiers ?? [];
        if (named.some((s) => s.type !== 'ImportSpecifier')) continue;
        const inline = named.filter((s) => values.has(s.imported?.name ?? ''));
        if (inline.length === 0) continue;
        const rest = named.filter((s) => !inline.includes(s));
        const list = (specs: ImportNode[]) => specs.map((s) => `${s.imported?.name} as ${s.local?.name}`).join(', ');
        const replaced =
          `import { ${list(inline)} } from '${CONTRACTS_DATA}';` +
          (rest.length ? ` import { ${list(rest)} } from '@croupier/contracts';` : '');
        out = out.slice(0, node.start) + replaced + out.slice(node.end);
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}

interface ImportNode {
  type: string;
  start: number;
  end: number;
  source?: { value: string };
  specifiers?: ImportNode[];
  imported?: { name: string };
  local?: { name: string };
}

/**
 * `WEB_BUNDLE_REPORT=<file>`: writes each client chunk's modules and their rendered sizes (what a bundle
 * visualizer shows) as JSON, to find what weighs on the first load (bench/page-weight/modules.ts reads it).
 */
function bundleReport(file: string | undefined): Plugin | false {
  if (!file) return false;
  return {
    name: 'croupier-bundle-report',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                modules: Object.fromEntries(
                  Object.entries(output.modules).map(([id, m]) => [
                    id.replace(/^.*node_modules\//, ''),
                    m.renderedLength,
                  ]),
                ),
              },
            ]
          : [],
      );
      writeFileSync(file, JSON.stringify(chunks));
    },
  };
}

const ROUTE_ROOTS = /[\\/]app[\\/](entry\.client\.tsx|root\.tsx\?__react-router-build-client-route)$/;

/**
 * Every page loads the chunks that the client entry and the root route import. Left to the default splitting,
 * that code came as ~30 chunks of ~1 kB (each module shared by a different set of routes and lazy modals), and
 * on a slow link every one is a request the first paint waits behind. `scripts/build.mjs` builds twice: the
 * first pass (`WEB_SHELL_PLAN_OUT`) writes the modules of those chunks, after tree shaking; the second
 * (`WEB_SHELL_PLAN`) puts exactly them in one `shell` chunk. Route and lazy code keep the default splitting, so
 * nothing lazy becomes eager (decision 0080).
 */
function shellPlan(out: string | undefined): Plugin | false {
  if (!out) return false;
  return {
    name: 'croupier-shell-plan',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
      );
      const pending = [...chunks.values()].filter((chunk) => ROUTE_ROOTS.test(chunk.facadeModuleId ?? ''));
      if (pending.length !== 2) throw new Error('shell plan: the client entry or the root route chunk is missing');
      const seen = new Set<string>();
      const modules: string[] = [];
      while (pending.length > 0) {
        const chunk = pending.pop()!;
        if (seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        modules.push(...Object.keys(chunk.modules));
        for (const file of chunk.imports) {
          const imported = chunks.get(file);
          if (imported) pending.push(imported);
        }
      }
      writeFileSync(out, JSON.stringify(modules));
    },
  };
}

/** The second pass's grouping: the planned modules, and nothing they import besides (see `shellPlan`). */
function shellChunk(plan: string | undefined) {
  if (!plan) return undefined;
  const modules = new Set<string>(JSON.parse(readFileSync(plan, 'utf8')) as string[]);
  return {
    // Entry chunks may export more than their module does: the shell's modules are shared, not duplicated.
    preserveEntrySignatures: 'allow-extension' as const,
    output: {
      codeSplitting: {
        groups: [{ name: 'shell', test: (id: string) => modules.has(id) }],
        includeDependenciesRecursively: false,
      },
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouter(),
    apiRouteTable(),
    pureContractConstants(),
    contractsDataImports(),
    bundleReport(process.env.WEB_BUNDLE_REPORT),
    shellPlan(process.env.WEB_SHELL_PLAN_OUT),
  ],
  build: {
    target: 'es2022',
    ...(process.env.WEB_NO_MINIFY ? { minify: false } : {}),
    // `WEB_SOURCEMAP=1`: `.map` files beside the chunks, unreferenced (bench/lighthouse/long-tasks.ts --profile).
    ...(process.env.WEB_SOURCEMAP ? { sourcemap: 'hidden' as const } : {}),
  },
  environments: { client: { build: { rolldownOptions: shellChunk(process.env.WEB_SHELL_PLAN) } } },
});
