import { ADMIN, startApp, type RunningApp } from './support/app.js';
import { call } from './support/legacy-http.js';
import { ask, legacyAnswerText, named } from './support/sse-client.js';

const PASSWORD = 'a-good-password';

/** Accounts as the stock login dialog and settings page use them, with login tokens in Redis (db 13). */
describe('accounts: register, log in, ask, change the password, log out', () => {
  let server: RunningApp;
  const post = <T>(path: string, body?: unknown, token?: string) =>
    call<T>(server.baseUrl, 'POST', path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
  const login = (email: string, password: string) =>
    post<{ token: string; name: string; uuid: string }>('/auth/login', { email, password });

  beforeAll(async () => {
    // Registrations are counted in Redis, across runs of this file: their limit is not what is tested here.
    server = await startApp({
      OFFLINE_CHUNK_DELAY_MS: '0',
      REDIS_URL: 'redis://127.0.0.1:6379/13',
      REGISTER_LIMIT_PER_ADDRESS: '1000000',
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('shows a small captcha image to the register tab, without a token', async () => {
    const response = await fetch(
      `${server.baseUrl}/auth/register/captcha?captchaId=0123456789abcdef0123456789abcdef&_t=1`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('registers an active account that can log in and ask its default conversation at once', async () => {
    const registered = await post<string>('/auth/register', {
      email: 'New.Person@Example.test',
      password: PASSWORD,
      captchaId: '0123456789abcdef0123456789abcdef',
      captchaCode: '',
    });
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ success: true, data: '注册成功，请登录' });

    const session = await login('new.person@example.test', PASSWORD);
    expect(session.body.success).toBe(true);
    expect(session.body.data.name).toBe('New.Person');
    const token = session.body.data.token;

    const conversations = await call<{ uuid: string; title: string; convKnowledgeList: { title: string }[] }[]>(
      server.baseUrl,
      'GET',
      '/conversation/list',
      { token },
    );
    expect(conversations.body.data).toHaveLength(1);
    expect(conversations.body.data[0]!.title).toBe('通用智能助手');
    expect(conversations.body.data[0]!.convKnowledgeList.length).toBe(1);

    const reply = await ask(server.baseUrl, token, {
      conversationUuid: conversations.body.data[0]!.uuid,
      prompt: 'Why do citation numbers never change once shown?',
    });
    expect(named(reply.events, '[DONE]')).toHaveLength(1);
    expect(legacyAnswerText(reply.events)).toContain('never changes');
  });

  it('refuses an e-mail that is taken, whatever its case, with A0013', async () => {
    for (const email of ['new.person@example.test', ADMIN.email.toUpperCase()]) {
      const { body } = await post('/auth/register', { email, password: PASSWORD, captchaId: '', captchaCode: '' });
      expect(body).toMatchObject({ success: false, code: 'A0013' });
    }
  });

  it('refuses a bad e-mail or a short password with A0002 and a message that says why', async () => {
    const badEmail = await post('/auth/register', { email: 'not-an-email', password: PASSWORD });
    expect(badEmail.body).toMatchObject({ success: false, code: 'A0002' });
    expect(badEmail.body.message).toContain('email');
    const shortPassword = await post('/auth/register', { email: 'short@example.test', password: '123' });
    expect(shortPassword.body).toMatchObject({ success: false, code: 'A0002' });
    expect(shortPassword.body.message).toContain('6 characters');
    expect((await login('short@example.test', '123')).body.success).toBe(false);
  });

  it('changes the password: A0032 for a wrong current one, a length check, then only the new one logs in', async () => {
    await post('/auth/register', { email: 'changer@example.test', password: PASSWORD });
    const token = (await login('changer@example.test', PASSWORD)).body.data.token;

    const wrong = await post('/user/password/modify', { oldPassword: 'not-it', newPassword: 'another-pass' }, token);
    expect(wrong.body).toMatchObject({ success: false, code: 'A0032' });
    const short = await post('/user/password/modify', { oldPassword: PASSWORD, newPassword: '12' }, token);
    expect(short.body).toMatchObject({ success: false, code: 'A0002' });

    const changed = await post('/user/password/modify', { oldPassword: PASSWORD, newPassword: 'another-pass' }, token);
    expect(changed.body).toEqual({ success: true, data: '修改成功' });
    expect((await login('changer@example.test', PASSWORD)).body).toMatchObject({ success: false, code: 'A0004' });
    expect((await login('changer@example.test', 'another-pass')).body.success).toBe(true);
    // A second change in the same session checks against the password now stored.
    const again = await post(
      '/user/password/modify',
      { oldPassword: 'another-pass', newPassword: 'third-pass' },
      token,
    );
    expect(again.body.success).toBe(true);
  });

  it('logs out: the token stops working, other sessions go on', async () => {
    const first = (await login(ADMIN.email, ADMIN.password)).body.data.token;
    const second = (await login(ADMIN.email, ADMIN.password)).body.data.token;
    const out = await post('/user/logout', undefined, first);
    expect(out.body.success).toBe(true);
    expect((await call(server.baseUrl, 'GET', '/conversation/list', { token: first })).status).toBe(401);
    expect((await call(server.baseUrl, 'GET', '/conversation/list', { token: second })).status).toBe(200);
  });

  it('answers the forgotten-password tab that there is no mail, without logging anyone out', async () => {
    const { status, body } = await post('/auth/password/forgot?email=new.person@example.test');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, code: 'FEATURE_NOT_PROVIDED' });
  });
});

describe('registration turned off, and a daily quota of one question', () => {
  let server: RunningApp;

  beforeAll(async () => {
    server = await startApp({
      REGISTRATION_ENABLED: 'false',
      QUOTA_REQUESTS_PER_DAY: '1',
      OFFLINE_CHUNK_DELAY_MS: '0',
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('refuses to register, says so in the public settings, and the admin still logs in', async () => {
    const { body } = await call(server.baseUrl, 'POST', '/auth/register', {
      body: { email: 'someone@example.test', password: PASSWORD },
    });
    expect(body).toMatchObject({ success: false, code: 'REGISTRATION_DISABLED' });
    const info = await call<{ registrationEnabled: boolean }>(server.baseUrl, 'GET', '/sys/config/public/info');
    expect(info.body.data.registrationEnabled).toBe(false);
    await expect(server.login()).resolves.toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists the offline model when it is the one answering', async () => {
    const { body } = await call<{ modelId: string; modelName: string; modelPlatform: string }[]>(
      server.baseUrl,
      'GET',
      '/model/llms',
    );
    expect(body.data).toEqual([
      expect.objectContaining({ modelId: '1', modelName: 'offline', modelPlatform: 'offline' }),
    ]);
  });

  it('answers one question a day, then refuses the next with [ERROR] and shows the quota used', async () => {
    const token = await server.login();
    const conversationUuid = await server.firstConversation(token);
    const first = await ask(server.baseUrl, token, {
      conversationUuid,
      prompt: 'Why do citation numbers never change?',
    });
    expect(named(first.events, '[DONE]')).toHaveLength(1);

    const second = await ask(server.baseUrl, token, { conversationUuid, prompt: 'And again?' });
    expect(second.contentType).toBe('text/event-stream');
    expect(named(second.events, '[START]')).toHaveLength(0);
    expect(named(second.events, '[ERROR]')[0]!.data).toMatch(/^QUOTA_EXCEEDED: .*1 questions a day/);

    const config = await call<{ userQuota: { requestTimesByDay: number }; quotaCost: Record<string, object> }>(
      server.baseUrl,
      'GET',
      '/user/config',
      { token },
    );
    expect(config.body.data.userQuota.requestTimesByDay).toBe(1);
    expect(config.body.data.quotaCost.freeRequestTimes).toEqual({ todayRequestTimes: 1, monthRequestTimes: 1 });
  });
});
