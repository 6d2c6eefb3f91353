import type { INestApplication } from '@nestjs/common';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/app-config.js';

describe('GET /health', () => {
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createApp(loadConfig({ LOG_LEVEL: 'error' }));
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers over real HTTP that the service is up', async () => {
    const response = await fetch(`${baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { status: 'ok' } });
  });
});
