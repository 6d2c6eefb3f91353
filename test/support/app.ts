import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/platform/config/app-config.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import type { FakeOpenAi } from './fake-openai.js';

export const ADMIN = { email: 'admin@example.test', password: 'admin-password-for-tests' };

export interface RunningApp {
  baseUrl: string;
  app: INestApplication;
  database: TestDatabase | undefined;
  /** Logs in (the admin by default) and returns the token. */
  login(email?: string, password?: string): Promise<string>;
  /** The uuid of the first conversation of the token's user. */
  firstConversation(token: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the real application on a free port, configured by `env` as the process environment would be. Unless
 * `env` names a database, it gets a fresh PostgreSQL database of its own on the machine's server.
 */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const database = env.DATABASE_URL || env.DATA_DIR ? undefined : await createTestDatabase();
  // Answers that wait for the database are kept per application, never in a directory another test shares.
  const spillDir = await mkdtemp(join(tmpdir(), 'answer-spill-'));
  const app = await createApp(
    loadConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'fatal',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(database ? { DATABASE_URL: database.url } : {}),
      JOURNAL_SPILL_DIR: spillDir,
      ...env,
    }),
  );
  await app.listen(0, '127.0.0.1');
  const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    baseUrl,
    app,
    database,
    login: async (email = ADMIN.email, password = ADMIN.password) => {
      const response = await fetch(`${baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await response.json()) as { success: boolean; data: { token: string } };
      if (!body.success) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return body.data.token;
    },
    firstConversation: async (token) => {
      const response = await fetch(`${baseUrl}/conversation/list`, { headers: { Authorization: token } });
      const body = (await response.json()) as { data: { uuid: string }[] };
      return body.data[0]!.uuid;
    },
    close: async () => {
      await app.close();
      await database?.drop();
    },
  };
}

/** The application answering with a local fake model, logged in as the admin, with the admin's first conversation. */
export interface ModelTestbed {
  server: RunningApp;
  token: string;
  conversation: string;
}

export async function startWithModel(fake: FakeOpenAi, env: Record<string, string> = {}): Promise<ModelTestbed> {
  await fake.start();
  const server = await startApp({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_MAX_RETRIES: '0', ...env });
  const token = await server.login();
  return { server, token, conversation: await server.firstConversation(token) };
}
