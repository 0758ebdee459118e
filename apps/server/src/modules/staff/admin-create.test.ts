import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListSchema, staffMeSchema } from '@souq/contracts/staff';
import { SAME_ORIGIN, sessionCookie, signUpTestUser } from '../../test/auth-helpers';
import {
  createAppOverDb,
  createTestDb,
  testDialects,
  type TestApp,
  type TestDb,
} from '../../test/test-app';

const script = path.resolve(import.meta.dirname, '../../../../../scripts/admin-create.ts');

/** Runs `npm run admin:create` as a shop owner would, with `input` piped to standard input. */
function adminCreate(databaseUrl: string, args: string[], input = '') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe.each(testDialects)('npm run admin:create on %s', (dialect) => {
  let database: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDb(dialect);
    t = await createAppOverDb(database.db);
  });
  afterAll(async () => {
    await t.close();
    await database.cleanup();
  });

  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: SAME_ORIGIN },
      payload: { email, password },
    });
  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
  const staffCount = async () =>
    (await t.db.kysely.selectFrom('staff_members').select('user_id').execute()).length;

  it('creates the first owner with the password from standard input, audited', async () => {
    const result = await adminCreate(
      database.url,
      ['--email', 'Owner@Example.com', '--name', 'Mona Haddad'],
      'a long owner passphrase\n',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('created the owner account owner@example.com');

    const signedIn = await signIn('owner@example.com', 'a long owner passphrase');
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    const owner = staffMeSchema.parse((await me(cookie)).json());
    expect(owner).toMatchObject({ email: 'owner@example.com', name: 'Mona Haddad', role: 'owner' });

    const audit = auditListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/audit?entityType=staff&entityId=${owner.id}`,
          headers: { cookie },
        })
      ).json(),
    );
    expect(audit.items).toEqual([
      expect.objectContaining({
        actor: { userId: null, email: 'command line', name: null },
        action: 'staff.invited',
        before: null,
        after: { email: 'owner@example.com', role: 'owner' },
      }),
    ]);

    const again = await adminCreate(database.url, ['--email', 'owner@example.com']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('owner@example.com is already an owner; nothing changed');
  }, 60_000);

  it('promotes an existing shopper, who keeps their password', async () => {
    const shopper = await signUpTestUser(t.app);
    const result = await adminCreate(database.url, ['--email', shopper.email], 'ignored\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${shopper.email} is now an owner`);
    expect((await signIn(shopper.email, shopper.password)).statusCode).toBe(200);
    expect((await me(shopper.cookie)).json()).toMatchObject({ role: 'owner' });
  }, 60_000);

  it('refuses bad input with a clear message and exit code 2, writing nothing', async () => {
    const before = await staffCount();
    const cases: [string[], string, RegExp][] = [
      [[], '', /--email is required/],
      [['--email', 'not-an-email'], 'a long owner passphrase\n', /email/i],
      [['--email', 'weak@example.com'], 'password\n', /password refused: .*too common/],
      [['--email', 'short@example.com'], 'abc\n', /password refused: Use at least 8 characters/],
      [['--email', 'empty@example.com'], '', /password refused/],
      [['--email', 'x@example.com', '--role', 'owner'], '', /Unknown option '--role'/],
    ];
    for (const [args, input, message] of cases) {
      const result = await adminCreate(database.url, args, input);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('usage: npm run admin:create');
    }
    expect(await staffCount()).toBe(before);
    const users = await t.db.kysely
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['weak@example.com', 'short@example.com', 'empty@example.com'])
      .execute();
    expect(users).toEqual([]);
  }, 120_000);
});
