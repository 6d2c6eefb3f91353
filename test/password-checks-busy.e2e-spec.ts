import { PasswordHasher } from '../src/accounts/password-hasher.js';
import { AuthService } from '../src/accounts/auth.service.js';
import { startApp, type RunningApp } from './support/app.js';

const USER = { email: 'kiri@example.test', password: 'kiri-password' };
/** A stored hash of cost 14: checking it occupies a slot for over a second, far longer than a login's round trip. */
const SLOW_HASH = '$2b$14$zuz0VChRDEg1GySmpn.9ZOs0VzKtx5LB/dA2zTFvaMUbLAIuuXAB6';
/** Cost 4: a check that queues behind the slow ones and then takes a millisecond. */
const QUICK_HASH = '$2b$04$y/uOcqQf4.dOSUe38LN78ekzj8.ECmLD2lsFnTKb3ZaeO8TPJ.4dO';

async function login(server: RunningApp, password: string) {
  const response = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: USER.email, password }),
  });
  const body = (await response.json()) as { success: boolean; code?: string; message?: string };
  return {
    status: response.status,
    code: body.code,
    message: body.message,
    retryAfter: response.headers.get('retry-after'),
  };
}

describe('password checks, a bounded number at a time', () => {
  let server: RunningApp;
  let hasher: PasswordHasher;

  beforeAll(async () => {
    // One failure per account and address: an attempt refused as busy must not spend it.
    server = await startApp({ LOGIN_LIMIT_PER_ACCOUNT_IP: '1' });
    await server.app.get(AuthService).createUser({ name: 'kiri', ...USER, isAdmin: false });
    hasher = server.app.get(PasswordHasher);
  });

  afterAll(() => server.close());

  it('leaves a core to the HTTP thread, and queues a bounded number of checks', () => {
    expect(hasher.limits.concurrent).toBeGreaterThanOrEqual(1);
    expect(hasher.limits.waiting).toBeGreaterThanOrEqual(hasher.limits.concurrent);
  });

  it('refuses a login at once, with Retry-After, while the queue is full; the attempt counts against no one', async () => {
    const { concurrent, waiting } = hasher.limits;
    const fillers = [
      ...Array.from({ length: concurrent }, () => hasher.verify('filler', SLOW_HASH)),
      ...Array.from({ length: waiting }, () => hasher.verify('filler', QUICK_HASH)),
    ];

    const refused = await login(server, 'wrong-password');
    expect(refused).toMatchObject({ status: 200, code: 'PASSWORD_CHECKS_BUSY', retryAfter: '1' });
    expect(refused.message).toMatch(/Too many password checks are waiting on the server; try again in 1 s/);

    // Every queued check still ran to its verdict: the queue refuses new work, never drops what it took.
    expect(await Promise.all(fillers)).toEqual(fillers.map(() => true));

    // The refused attempt gave its point back: the one failure allowed is still there, and then used up.
    expect((await login(server, 'wrong-password')).code).toBe('A0004');
    expect((await login(server, 'wrong-password')).code).toBe('LOGIN_RATE_LIMITED');
  });

  it('refuses a registration the same way while the queue is full', async () => {
    const { concurrent, waiting } = hasher.limits;
    const fillers = [
      ...Array.from({ length: concurrent }, () => hasher.verify('filler', SLOW_HASH)),
      ...Array.from({ length: waiting }, () => hasher.verify('filler', QUICK_HASH)),
    ];
    const response = await fetch(`${server.baseUrl}/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'late@example.test', password: 'late-password' }),
    });
    const body = (await response.json()) as { code?: string };
    expect(body.code).toBe('PASSWORD_CHECKS_BUSY');
    expect(response.headers.get('retry-after')).toBe('1');
    await Promise.all(fillers);
  });
});
