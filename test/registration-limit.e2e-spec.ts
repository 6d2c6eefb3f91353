import { startApp, type RunningApp } from './support/app.js';

async function registerFrom(server: RunningApp, address: string, email: string) {
  const response = await fetch(`${server.baseUrl}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password: 'a-fine-password' }),
  });
  const body = (await response.json()) as { success: boolean; code?: string; message?: string };
  return {
    code: body.success ? 'OK' : body.code,
    message: body.message,
    retryAfter: response.headers.get('retry-after'),
  };
}

describe('registrations from one client address', () => {
  let server: RunningApp;

  beforeAll(async () => {
    server = await startApp({ TRUST_PROXY: 'loopback', REGISTER_LIMIT_PER_ADDRESS: '3', REGISTER_WINDOW_MINUTES: '2' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('are limited per address, a taken e-mail counting too, with the wait in the message and Retry-After', async () => {
    const address = '203.0.113.5';
    expect((await registerFrom(server, address, 'ivy1@example.test')).code).toBe('OK');
    expect((await registerFrom(server, address, 'ivy2@example.test')).code).toBe('OK');
    expect((await registerFrom(server, address, 'ivy2@example.test')).code).toBe('A0013');

    const refused = await registerFrom(server, address, 'ivy3@example.test');
    expect(refused.code).toBe('REGISTER_RATE_LIMITED');
    expect(refused.message).toMatch(/from your address; try again in \d+ s/);
    // The window is 2 minutes: the wait is within it, and longer than one minute.
    expect(Number(refused.retryAfter)).toBeGreaterThan(60);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(120);

    expect((await registerFrom(server, '203.0.113.6', 'ivy3@example.test')).code).toBe('OK');
  });
});
