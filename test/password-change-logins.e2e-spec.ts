import { Redis } from 'ioredis';
import { AuthService } from '../src/accounts/auth.service.js';
import { startApp, type RunningApp } from './support/app.js';
import { waitFor } from './support/wait-for.js';

/** Redis database of these tests (flushed); other test files use other numbers. */
const REDIS_URL = process.env.TEST_REDIS_URL_LOGINS ?? 'redis://127.0.0.1:6379/10';
const EMAIL = 'gina@example.test';
const PASSWORD = 'gina-password';

/** Far below the 30 s an instance trusts a token it resolved: only a revocation it heard can end the token sooner. */
const HEARD_WITHIN_MS = 5000;

async function status(server: RunningApp, token: string): Promise<number> {
  return (await fetch(`${server.baseUrl}/user/config`, { headers: { Authorization: token } })).status;
}

async function post(server: RunningApp, path: string, token: string, body: unknown = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { success: boolean; code?: string };
}

/**
 * Asks the other instance until it refuses the token (the revocation reaches it by no event a test can see);
 * fails when it still accepts it after `HEARD_WITHIN_MS`. The last status seen.
 */
async function refusedSoon(server: RunningApp, token: string): Promise<number> {
  let last = 0;
  await waitFor(async () => (last = await status(server, token)) === 401, {
    what: 'the other instance to refuse the token',
    timeoutMs: HEARD_WITHIN_MS,
    intervalMs: 5,
  }).catch(() => undefined);
  return last;
}

describe.each([
  ['PostgreSQL', {}],
  ['Redis', { REDIS_URL }],
])('logins of a user, kept in %s, on two instances', (store, extraEnv: Record<string, string>) => {
  const redis = store === 'Redis' ? new Redis(REDIS_URL) : undefined;
  let first: RunningApp;
  let second: RunningApp;

  beforeAll(async () => {
    await redis?.flushdb();
    first = await startApp(extraEnv);
    second = await startApp({ ...extraEnv, DATABASE_URL: first.database!.url });
    await first.app.get(AuthService).createUser({ name: 'gina', email: EMAIL, password: PASSWORD, isAdmin: false });
  });

  afterAll(async () => {
    await second.close();
    await first.close();
    redis?.disconnect();
  });

  it('a password change ends every other login on every instance and keeps the one that changed it', async () => {
    const changer = await first.login(EMAIL, PASSWORD);
    const other = await second.login(EMAIL, PASSWORD);
    // Both instances have resolved (and may cache) both tokens.
    for (const server of [first, second]) {
      expect(await status(server, changer)).toBe(200);
      expect(await status(server, other)).toBe(200);
    }

    const changed = await post(first, '/user/password/modify', changer, {
      oldPassword: PASSWORD,
      newPassword: 'gina-new-password',
    });
    expect(changed).toMatchObject({ success: true });

    expect(await status(first, other)).toBe(401);
    expect(await refusedSoon(second, other)).toBe(401);
    expect(await status(first, changer)).toBe(200);
    expect(await status(second, changer)).toBe(200);
    await expect(first.login(EMAIL, PASSWORD)).rejects.toThrow(/A0004/);
    expect(await status(second, await first.login(EMAIL, 'gina-new-password'))).toBe(200);
  });

  it('a logout ends the token on every instance at once, not when their caches expire', async () => {
    const token = await first.login(EMAIL, 'gina-new-password');
    expect(await status(second, token)).toBe(200);
    expect(await post(first, '/user/logout', token)).toMatchObject({ success: true });
    expect(await status(first, token)).toBe(401);
    expect(await refusedSoon(second, token)).toBe(401);
  });
});
