import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/app-config.js';

export interface RunningApp {
  baseUrl: string;
  app: INestApplication;
  close(): Promise<void>;
}

/** Starts the real application on a free port, configured by `env` as the process environment would be. */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const app = await createApp(loadConfig({ LOG_LEVEL: 'fatal', ...env }));
  await app.listen(0, '127.0.0.1');
  const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { baseUrl, app, close: () => app.close() };
}

export const CONVERSATION = '0123456789abcdef0123456789abcdef';
