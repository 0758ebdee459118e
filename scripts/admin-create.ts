// `npm run admin:create -- --email owner@example.com [--name "Mona"]`: makes the shop's first
// owner (or any owner) in the shop's database (DATABASE_URL, as for npm start). A new account
// needs a password: read from standard input when it is not a terminal (one line), otherwise
// asked twice without echo. An existing account keeps its password. Exit codes: 0 done,
// 2 bad input (usage, email, name, password), 1 anything else (e.g. the database).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase } from '../apps/server/src/db/migrate';
import { readEnv } from '../apps/server/src/env';
import {
  makeOwner,
  newOwnerSchema,
  OwnerInputError,
  ownerAccountState,
} from '../apps/server/src/modules/staff/staff.admin';

const usage = `usage: npm run admin:create -- --email ADDRESS [--name "NAME"]
  The password is read from standard input, or asked for when run in a terminal.`;

function refuse(message: string): never {
  console.error(`admin:create: ${message}\n${usage}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    });
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
})();
if (values.email === undefined) refuse('--email is required');
const parsed = newOwnerSchema.safeParse({ email: values.email, name: values.name });
if (!parsed.success) refuse(z.prettifyError(parsed.error));

/** The first line of standard input, without its line ending. */
async function readPipedPassword(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/** Asks in the terminal without showing what is typed. */
function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  // Echo goes off before the question shows, so nothing typed early is ever displayed.
  stdin.setRawMode(true);
  process.stdout.write(question);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve) => {
    let answer = '';
    const onData = (typed: string) => {
      for (const key of typed) {
        if (key === '\u0003') {
          // Ctrl-C: the terminal is raw, so the shell's interrupt does not arrive by itself.
          process.stdout.write('\n');
          process.exit(130);
        } else if (key === '\r' || key === '\n') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stdout.write('\n');
          resolve(answer);
          return;
        } else if (key === '\u007f' || key === '\b') {
          answer = answer.slice(0, -1);
        } else {
          answer += key;
        }
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedPassword();
  const first = await askHidden('Password for the new owner: ');
  const second = await askHidden('The same password again: ');
  if (first !== second) refuse('the two passwords differ');
  return first;
}

const db = await openDatabase(readEnv().databaseUrl).catch((error: unknown) => {
  console.error(`admin:create: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
try {
  const { email, name } = parsed.data;
  const { needsPassword } = await ownerAccountState(db, email);
  const password = needsPassword ? await readPassword() : undefined;
  const owner = await makeOwner(db, { email, name, password });
  const said = {
    created: `created the owner account ${owner.email}`,
    promoted: `${owner.email} is now an owner (the account keeps its password)`,
    already_owner: `${owner.email} is already an owner; nothing changed`,
  };
  console.log(`admin:create: ${said[owner.outcome]}`);
} catch (error) {
  if (error instanceof OwnerInputError) refuse(error.message);
  throw error;
} finally {
  await db.close();
}
