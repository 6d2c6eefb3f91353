import { Redis } from 'ioredis';
import pg from 'pg';
import { AuthService } from '../src/accounts/auth.service.js';
import { ADMIN, startApp, type RunningApp } from './support/app.js';

/** Redis database of these tests (flushed); other test files use other numbers. */
const REDIS_URL = process.env.TEST_REDIS_URL_ACCOUNTS ?? 'redis://127.0.0.1:6379/12';

type Envelope = { success: boolean; code?: string; message?: string; data?: unknown };

async function login(server: RunningApp, email: string, password: string): Promise<Envelope> {
  const response = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Envelope;
}

describe.each([
  ['PostgreSQL', {}],
  ['Redis', { REDIS_URL }],
])('login throttling, counted in %s', (store, extraEnv: Record<string, string>) => {
  const redis = store === 'Redis' ? new Redis(REDIS_URL) : undefined;
  let server: RunningApp;

  beforeAll(async () => {
    await redis?.flushdb();
    server = await startApp({ ...extraEnv, LOGIN_LIMIT_PER_ACCOUNT_IP: '3', LOGIN_LIMIT_PER_ADDRESS: '8' });
  });

  afterAll(async () => {
    await server.close();
    redis?.disconnect();
  });

  it('answers an unknown e-mail with A0007 and a wrong password with A0004', async () => {
    expect(await login(server, 'nobody@example.test', 'whatever')).toMatchObject({ success: false, code: 'A0007' });
    expect(await login(server, ADMIN.email, ADMIN.password)).toMatchObject({ success: true });
    expect(await login(server, ADMIN.email, 'wrong password')).toMatchObject({ success: false, code: 'A0004' });
  });

  it('refuses an account from an address after their allowance of failed attempts, even with the right password', async () => {
    await server.app
      .get(AuthService)
      .createUser({ name: 'dave', email: 'dave@example.test', password: 'dave-password', isAdmin: false });
    expect(await login(server, 'dave@example.test', 'dave-password')).toMatchObject({ success: true });
    for (let i = 0; i < 3; i++) {
      expect(await login(server, 'dave@example.test', 'wrong')).toMatchObject({ code: 'A0004' });
    }
    const refused = await login(server, 'dave@example.test', 'dave-password');
    expect(refused).toMatchObject({ success: false, code: 'LOGIN_RATE_LIMITED' });
    expect(refused.message).toMatch(/try again in \d+ s/);
  });

  it('refuses an address after its allowance of failed attempts, whatever the account', async () => {
    // Failed attempts so far from this address: 1 + 1 + 3 (a refused attempt is not checked, so not counted);
    // three more fill the allowance of 8.
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await login(server, `stranger${i}@example.test`, 'guess'));
    expect(results.map((result) => result.code)).toEqual([
      'A0007',
      'A0007',
      'A0007',
      'LOGIN_RATE_LIMITED',
      'LOGIN_RATE_LIMITED',
    ]);
  });
});

describe('readiness', () => {
  it('answers 503 naming Redis while Redis is down, and /health stays 200', async () => {
    const server = await startApp({ REDIS_URL: 'redis://127.0.0.1:1/12' });
    try {
      const ready = await fetch(`${server.baseUrl}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ success: false, data: { database: 'up', redis: 'down' } });
      expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers 503 while the database refuses connections, and 200 again once it is back', async () => {
    const server = await startApp({});
    const name = new URL(server.database!.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: server.database!.url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    try {
      expect((await fetch(`${server.baseUrl}/health/ready`)).status).toBe(200);
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
      const down = await fetch(`${server.baseUrl}/health/ready`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ data: { database: 'down', redis: 'not configured' } });
      expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      const up = await fetch(`${server.baseUrl}/health/ready`);
      expect(up.status).toBe(200);
      expect(await up.json()).toMatchObject({ success: true, data: { status: 'ready', database: 'up' } });
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await admin.end();
      await server.close();
    }
  });
});

describe('private knowledge bases in conversation lists', () => {
  it("never shows another user's private knowledge base, even one attached while it was public", async () => {
    const server = await startApp({});
    try {
      const auth = server.app.get(AuthService);
      await auth.createUser({ name: 'erin', email: 'erin@example.test', password: 'erin-password', isAdmin: false });
      await auth.createUser({ name: 'frank', email: 'frank@example.test', password: 'frank-password', isAdmin: false });
      const erin = await server.login('erin@example.test', 'erin-password');
      const frank = await server.login('frank@example.test', 'frank-password');
      const post = async (token: string, path: string, body: unknown) =>
        (await (
          await fetch(`${server.baseUrl}${path}`, {
            method: 'POST',
            headers: { Authorization: token, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { success: boolean; data: { id: string; uuid: string } };
      const base = (await post(erin, '/knowledge-base/saveOrUpdate', { title: 'Erin secret plans', isPublic: true }))
        .data;
      expect((await post(frank, '/conversation/add', { title: 'with erin kb', kbIds: [base.id] })).success).toBe(true);
      const list = async () =>
        (await fetch(`${server.baseUrl}/conversation/list`, { headers: { Authorization: frank } })).text();
      expect(await list()).toContain(base.uuid);

      await post(erin, '/knowledge-base/saveOrUpdate', { id: base.id, isPublic: false });
      const after = await list();
      expect(after).not.toContain(base.uuid);
      expect(after).not.toContain('Erin secret plans');
      expect(after).toContain('with erin kb');
    } finally {
      await server.close();
    }
  });
});
