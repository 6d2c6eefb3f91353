import { rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import { AuthService } from '../src/accounts/auth.service.js';
import { startApp, type RunningApp } from './support/app.js';
import { migratedDataDirCopy } from './support/database.js';

/** Redis database of these tests (flushed); other test files use other numbers. */
const REDIS_URL = process.env.TEST_REDIS_URL_THROTTLE ?? 'redis://127.0.0.1:6379/9';
const OWNER = { email: 'hana@example.test', password: 'hana-password' };
const OWNER_ADDRESS = '10.0.0.1';

interface Reply {
  code?: string;
  message?: string;
  retryAfter: string | null;
}

async function loginFrom(server: RunningApp, address: string, email: string, password: string): Promise<Reply> {
  const response = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { success: boolean; code?: string; message?: string };
  return {
    code: body.success ? 'OK' : body.code,
    message: body.message,
    retryAfter: response.headers.get('retry-after'),
  };
}

describe.each([
  ['PostgreSQL', {}],
  ['Redis', { REDIS_URL }],
  ['memory (the embedded database)', {}],
])('login throttles, counted in %s, behind a trusted proxy', (store, extraEnv: Record<string, string>) => {
  const redis = store === 'Redis' ? new Redis(REDIS_URL) : undefined;
  let dataDir: string | undefined;
  let server: RunningApp;

  beforeAll(async () => {
    await redis?.flushdb();
    if (store.startsWith('memory')) dataDir = await migratedDataDirCopy();
    server = await startApp({
      ...extraEnv,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      TRUST_PROXY: 'loopback',
      LOGIN_LIMIT_PER_ACCOUNT_IP: '3',
      LOGIN_LIMIT_PER_ACCOUNT: '6',
      LOGIN_LIMIT_PER_ADDRESS: '5',
      LOGIN_WINDOW_MINUTES: '2',
    });
    await server.app.get(AuthService).createUser({ name: 'hana', ...OWNER, isAdmin: false });
  });

  afterAll(async () => {
    await server.close();
    redis?.disconnect();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("others' wrong passwords never lock the owner out on an address they logged in from", async () => {
    expect((await loginFrom(server, OWNER_ADDRESS, OWNER.email, OWNER.password)).code).toBe('OK');

    // Two guessers spend their allowance on the account: three failures each, then they wait.
    for (const guesser of ['203.0.113.1', '203.0.113.2']) {
      for (let i = 0; i < 3; i++) expect((await loginFrom(server, guesser, OWNER.email, 'guess')).code).toBe('A0004');
      const refused = await loginFrom(server, guesser, OWNER.email, OWNER.password);
      expect(refused.code).toBe('LOGIN_RATE_LIMITED');
      expect(refused.message).toMatch(/on this account from your address; try again in \d+ s/);
      // The window is 2 minutes: the wait is within it, and longer than one minute.
      expect(Number(refused.retryAfter)).toBeGreaterThan(60);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(120);
    }

    // The account's ceiling is reached: a new address may not guess at all, even right.
    const newcomer = await loginFrom(server, '203.0.113.3', OWNER.email, OWNER.password);
    expect(newcomer.code).toBe('LOGIN_RATE_LIMITED');
    expect(newcomer.message).toMatch(/addresses it was never used from; try again in \d+ s/);
    expect(Number(newcomer.retryAfter)).toBeGreaterThan(0);

    // The owner, on their own address, keeps their own allowance.
    expect((await loginFrom(server, OWNER_ADDRESS, OWNER.email, 'typo')).code).toBe('A0004');
    expect((await loginFrom(server, OWNER_ADDRESS, OWNER.email, OWNER.password)).code).toBe('OK');
  });

  it('one address guessing across accounts is refused after its own allowance, with Retry-After', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(server, address, `user${i}@example.test`, 'guess')).code).toBe('A0007');
    }
    const refused = await loginFrom(server, address, 'user9@example.test', 'guess');
    expect(refused.code).toBe('LOGIN_RATE_LIMITED');
    expect(refused.message).toMatch(/from your address; try again in \d+ s/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });
});
