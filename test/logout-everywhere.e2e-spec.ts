import { rm } from 'node:fs/promises';
import { TOKEN_STORE, type PgTokenStore } from '../src/accounts/token-store.js';
import { startApp, type RunningApp } from './support/app.js';
import { createTestDatabase, migratedDataDirCopy, type TestDatabase } from './support/database.js';
import { call } from './support/legacy-http.js';
import { ask, named } from './support/sse-client.js';

const listStatus = async (server: RunningApp, token: string) =>
  (await call(server.baseUrl, 'GET', '/conversation/list', { token })).status;

/** Resolves when the instance's token cache has dropped a user's tokens on hearing of a revocation. */
function forgotten(server: RunningApp): Promise<void> {
  const store = server.app.get<PgTokenStore>(TOKEN_STORE);
  return new Promise((resolve) => store.events.once('forgotten', () => resolve()));
}

describe('logout ends the token at once on every instance sharing the PostgreSQL server (tokens in the database)', () => {
  let database: TestDatabase;
  let a: RunningApp;
  let b: RunningApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startApp({ DATABASE_URL: database.url, OFFLINE_CHUNK_DELAY_MS: '0' });
    b = await startApp({ DATABASE_URL: database.url, OFFLINE_CHUNK_DELAY_MS: '0' });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('refuses the token on both instances, their caches warm, as soon as the revocation is heard', async () => {
    const token = await a.login();
    const conversation = await a.firstConversation(token);
    // Both instances have resolved (and cached) the token.
    expect(await listStatus(a, token)).toBe(200);
    expect(await listStatus(b, token)).toBe(200);

    const heardOnB = forgotten(b);
    expect((await call(a.baseUrl, 'POST', '/user/logout', { token })).body.success).toBe(true);
    expect(await listStatus(a, token)).toBe(401);
    await heardOnB;
    expect(await listStatus(b, token)).toBe(401);
    const refused = await ask(b.baseUrl, token, { conversationUuid: conversation, prompt: 'Still there?' });
    expect(refused.status).toBe(401);
    expect(named(refused.events, '[DONE]')).toHaveLength(0);
  });

  it('keeps the other logins of the same user on both instances', async () => {
    const kept = await a.login();
    const ended = await a.login();
    expect(await listStatus(b, kept)).toBe(200);
    const heardOnB = forgotten(b);
    await call(a.baseUrl, 'POST', '/user/logout', { token: ended });
    await heardOnB;
    expect(await listStatus(b, ended)).toBe(401);
    expect(await listStatus(b, kept)).toBe(200);
    expect(await listStatus(a, kept)).toBe(200);
  });
});

describe('logout on the embedded database (the default)', () => {
  let dataDir: string;
  let server: RunningApp;

  beforeAll(async () => {
    dataDir = await migratedDataDirCopy();
    server = await startApp({ DATA_DIR: dataDir, OFFLINE_CHUNK_DELAY_MS: '0' });
  });

  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses the token on the very next request, though it was just resolved', async () => {
    const token = await server.login();
    const conversation = await server.firstConversation(token);
    expect(await listStatus(server, token)).toBe(200);
    expect((await call(server.baseUrl, 'POST', '/user/logout', { token })).body.success).toBe(true);
    expect(await listStatus(server, token)).toBe(401);
    const refused = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: 'Still there?' });
    expect(refused.status).toBe(401);
    expect(named(refused.events, '[DONE]')).toHaveLength(0);
  });
});
