import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ApiError, CreateStaffRequest } from '@croupier/contracts';
import type { z } from 'zod';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { createStaffAccount, disableDemoStaff, resetStaffAccount } from './modules/staff/index.ts';

/**
 * `npm run staff -- <command>` (backoffice-api.md §2, decision 0104): the operator's way in before any staff
 * account exists, and out of a lost second factor. It opens the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR: stop the server first, the embedded database takes one process) and migrates it.
 */

const USAGE = `Usage: npm run staff -- <command>
  create --email E --name N --role R   a new staff account; prints its one-time password once
  reset --email E                      a new one-time password, the second factor removed, sessions ended
  disable-demo                         disables the demo's staff accounts (the production guard asks for it)
Roles: owner, admin, support, payments, compliance, marketing, finance. The first sign-in enrols the
second factor (TOTP), then asks for a new password: nobody keeps the one printed here.`;

/** A mistake in the command line: the usage is printed, the exit code is 64 (EX_USAGE). */
export class UsageError extends Error {}

/** 24 characters of base64url: 144 random bits, typed once and never stored. */
const oneTimePassword = () => randomBytes(18).toString('base64url');

const signInHint = (config: Pick<Config, 'publicUrl'>) =>
  `Sign in at ${config.publicUrl}/backoffice with this e-mail and password: the first sign-in enrols the second factor, then asks for a new password.`;

const CreateArgs = CreateStaffRequest.pick({ email: true, name: true, role: true });
const EmailArg = CreateStaffRequest.pick({ email: true });

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new UsageError(result.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('\n'));
}

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
} as const;

function argsOf(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs one command against `db`; `print` gets each line of output. Answers the process's exit code. */
export async function runStaffCommand(
  argv: readonly string[],
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  print: (line: string) => void,
): Promise<number> {
  const args = argsOf(argv);
  const [command, ...extra] = args.positionals;
  if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
  const { values } = args;
  switch (command) {
    case 'create': {
      const input = parsed(CreateArgs, { email: values.email, name: values.name, role: values.role });
      const password = oneTimePassword();
      try {
        await createStaffAccount(
          db,
          { ...input, password, mustChangePassword: true },
          { staffId: null, reason: 'command line' },
        );
      } catch (error) {
        if (error instanceof ApiError && error.fields.email) {
          print(`A staff account with the e-mail ${input.email} already exists.`);
          return 1;
        }
        throw error;
      }
      print(`Created the ${input.role} ${input.email}. One-time password (shown once): ${password}`);
      print(signInHint(config));
      return 0;
    }
    case 'reset': {
      const { email } = parsed(EmailArg, { email: values.email });
      const password = oneTimePassword();
      if (!(await resetStaffAccount(db, email, password))) {
        print(`No staff account has the e-mail ${email}.`);
        return 1;
      }
      print(`Reset ${email}: its sessions ended and its second factor was removed.`);
      print(`One-time password (shown once): ${password}`);
      print(signInHint(config));
      return 0;
    }
    case 'disable-demo': {
      const emails = await disableDemoStaff(db);
      print(emails.length ? `Disabled ${emails.join(', ')}.` : 'No enabled demo staff account.');
      return 0;
    }
    case 'help':
      print(USAGE);
      return 0;
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'a command is required');
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const { openDatabase, pgliteDirOf } = await import('./db/client.ts');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirOf(config.dataDir) });
  try {
    await database.migrate();
    process.exitCode = await runStaffCommand(process.argv.slice(2), database.db, config, (line) => console.log(line));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 64; // EX_USAGE
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
