import { jest } from '@jest/globals';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, startApp, type RunningApp } from './support/app.js';

const FLOOD = 60;

interface Reply {
  status: number;
  retryAfter: string | null;
  body: { success: boolean; code?: string; message?: string };
}

async function wrongLogin(server: RunningApp): Promise<Reply> {
  const response = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: 'wrong password' }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Reply['body'],
  };
}

/** The JSON lines the service writes to stdout while `work` runs. */
async function logLinesDuring(work: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await work();
  } finally {
    write.mockRestore();
  }
  return written
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('a flood of wrong-password logins on the embedded database', () => {
  it('refuses the throttled ones as before, and logs them as one line per window with their count', async () => {
    let replies: Reply[] = [];
    const lines = await logLinesDuring(async () => {
      const server = await startApp({
        DATA_DIR: join(tmpdir(), `login-flood-${process.pid}-${Date.now()}`),
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        LOGIN_LIMIT_PER_ACCOUNT_IP: '3',
      });
      try {
        replies = await Promise.all(Array.from({ length: FLOOD }, () => wrongLogin(server)));
        // A body the route refuses is still told what is wrong with it, throttled or not.
        const noPassword = await fetch(`${server.baseUrl}/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: ADMIN.email }),
        });
        expect(await noPassword.json()).toMatchObject({ code: 'A0002', message: 'password: is required' });
        const form = await fetch(`${server.baseUrl}/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `email=${encodeURIComponent(ADMIN.email)}&password=wrong`,
        });
        const formBody = (await form.json()) as Reply['body'];
        expect(formBody.code).toBe('A0002');
        expect(formBody.message).toMatch(/^Content-Type must be application\/json/);
      } finally {
        // Closing writes the count of the window still open.
        await server.close();
      }
    });

    const refused = replies.filter((reply) => reply.body.code === 'LOGIN_RATE_LIMITED');
    expect(replies.filter((reply) => reply.body.code === 'A0004')).toHaveLength(3);
    expect(refused).toHaveLength(FLOOD - 3);
    for (const reply of refused) {
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(['code', 'message', 'success']);
      expect(reply.body).toMatchObject({ success: false, code: 'LOGIN_RATE_LIMITED' });
      expect(reply.body.message).toMatch(/on this account from your address; try again in \d+ s\.$/);
      expect(Number(reply.retryAfter)).toBeGreaterThan(0);
    }

    const throttled = lines.filter(
      (line) => (line.message as { message?: string } | undefined)?.message === 'login attempts throttled',
    );
    // The first at once, the rest of the window when the service stopped: two lines, not one per attempt.
    expect(throttled).toHaveLength(2);
    const counts = throttled.map((line) => line.message as { attempts: number; top: unknown; reasons: unknown });
    expect(counts[0]!.attempts).toBe(1);
    expect(counts[0]!.attempts + counts[1]!.attempts).toBe(refused.length);
    expect(counts[1]).toMatchObject({
      addresses: 1,
      top: [{ address: '127.0.0.1', attempts: refused.length - 1 }],
      reasons: { 'account-and-address': refused.length - 1 },
    });
  });
});
