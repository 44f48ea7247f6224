import type { Plugin } from 'vite';

// Shared by the player site's and the back office's Vite configs (decision 0073).

const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/].*\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/**
 * The contracts declare their schemas at module level (`export const Account = z.object(…)`). A bundler must
 * keep such calls even when nothing reads the result, so one constant taken from a module (`AccountStatus`)
 * brought every schema of that module and zod into the first load. The package is `sideEffects: false`: its
 * module-level calls are there for their values only. In the client build each module-level call or `new`
 * in an initializer becomes `/* @__PURE__ *\/ (() => <init>)()`: evaluated at the same point when the
 * constant is used, dropped with zod when it is not (decision 0073).
 */
export function pureContractConstants(): Plugin {
  return {
    name: 'croupier-pure-contract-constants',
    // The first load's size matters in the build only; the dev server serves the sources as written.
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
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
