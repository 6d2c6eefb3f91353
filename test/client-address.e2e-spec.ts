import { startApp, type RunningApp } from './support/app.js';

async function loginFrom(server: RunningApp, forwardedFor: string): Promise<string | undefined> {
  const response = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify({ email: 'nobody@example.test', password: 'guess' }),
  });
  return ((await response.json()) as { code?: string }).code;
}

/** Two failed logins per address; the third from one address is throttled. */
const env = { LOGIN_LIMIT_PER_ADDRESS: '2' };

describe('the client address behind a reverse proxy (TRUST_PROXY)', () => {
  it('by default ignores X-Forwarded-For: every client of one proxy shares its address', async () => {
    const server = await startApp(env);
    try {
      expect(await loginFrom(server, '203.0.113.1')).toBe('A0007');
      expect(await loginFrom(server, '203.0.113.1')).toBe('A0007');
      expect(await loginFrom(server, '203.0.113.2')).toBe('LOGIN_RATE_LIMITED');
    } finally {
      await server.close();
    }
  });

  it("with the proxy's address trusted, throttles each client by the address the proxy forwards", async () => {
    const server = await startApp({ ...env, TRUST_PROXY: 'loopback' });
    try {
      expect(await loginFrom(server, '203.0.113.1')).toBe('A0007');
      expect(await loginFrom(server, '203.0.113.1')).toBe('A0007');
      expect(await loginFrom(server, '203.0.113.1')).toBe('LOGIN_RATE_LIMITED');
      // A client behind the proxy cannot pick its address: only the hop the trusted proxy added counts.
      expect(await loginFrom(server, '198.51.100.9, 203.0.113.1')).toBe('LOGIN_RATE_LIMITED');
      expect(await loginFrom(server, '203.0.113.2')).toBe('A0007');
    } finally {
      await server.close();
    }
  });
});
