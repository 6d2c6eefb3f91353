import { startApp, type RunningApp } from './support/app.js';

describe('X-Content-Type-Options: nosniff on JSON answers', () => {
  let server: RunningApp;
  let token: string;

  beforeAll(async () => {
    server = await startApp({});
    token = await server.login();
  });

  afterAll(async () => {
    await server.close();
  });

  const json = (method: string, path: string, body?: string) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body }),
    });

  it.each([
    ['a success', 'GET', '/conversation/list', undefined],
    ['a refusal', 'POST', '/auth/login', '{"email":"nobody@example.test","password":"guess"}'],
    ['a body that is not JSON', 'POST', '/auth/login', '{"email":'],
    ['an unknown route', 'GET', '/no/such/route', undefined],
  ])('on %s', async (_case, method, path, body) => {
    const response = await json(method, path, body);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
