import { startApp, type RunningApp } from './support/app.js';

describe('GET /health', () => {
  let server: RunningApp;

  beforeAll(async () => {
    server = await startApp({});
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers over real HTTP, without a token, that the service is up', async () => {
    const response = await fetch(`${server.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { status: 'ok' } });
  });
});
