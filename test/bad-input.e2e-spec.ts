import { AuthService } from '../src/accounts/auth.service.js';
import { startApp, type RunningApp } from './support/app.js';

/**
 * Every endpoint with every kind of bad input: each answers in the legacy envelope with a code that says what
 * is wrong (A0002 naming the field for a bad parameter), or a 4xx; never a 500.
 */

interface Reply {
  status: number;
  body: { success?: boolean; code?: string; message?: string; data?: unknown } | undefined;
  /** The reply was an event stream; `body` then holds its `[ERROR]` event's code and message. */
  stream: boolean;
}

/** Stand-ins for real ids in paths, bodies and queries; each has its own kinds of bad value. */
type Placeholder =
  | '{kb}'
  | '{item}'
  | '{conversation}'
  | '{answer}'
  | '{preset}'
  | '{prompt}'
  | '{qa}'
  | '{file}'
  | '{avatar}'
  | '{asset}';

interface Endpoint {
  method: 'GET' | 'POST';
  /** With placeholders standing for real ids. */
  path: string;
  /** A body the endpoint accepts; mutations of it are sent. */
  body?: Record<string, unknown>;
  /** Query parameters it accepts; mutations of them are sent. */
  query?: Record<string, string>;
  /** String fields of the body to fill with bad strings. */
  strings?: string[];
  /** Whole-number fields of the body to put out of range. */
  numbers?: string[];
  /** String fields that may be long (an item's text): not sent the too-long string. */
  longAllowed?: string[];
  /** Array fields of the body to make too long. */
  arrays?: string[];
  /** Query parameters to fill with bad strings. */
  queryStrings?: string[];
  /** Whole-number query parameters to put out of range. */
  queryNumbers?: string[];
}

const PAGING = { currentPage: '1', pageSize: '10' };
const PAGING_FIELDS = ['currentPage', 'pageSize'];

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/auth/login',
    body: { email: 'x@example.test', password: 'secret' },
    strings: ['email', 'password'],
  },
  {
    method: 'POST',
    path: '/conversation/add',
    body: { title: 'a title', remark: '', kbIds: [] },
    strings: ['title', 'remark', 'aiSystemMessage'],
    numbers: ['answerContentType'],
    arrays: ['kbIds'],
  },
  {
    method: 'POST',
    path: '/conversation/edit/{conversation}',
    body: { title: 'edited' },
    strings: ['title', 'remark'],
    numbers: ['answerContentType'],
    arrays: ['kbIds'],
  },
  { method: 'POST', path: '/conversation/del/{conversation}' },
  {
    method: 'GET',
    path: '/conversation/{conversation}',
    query: { maxMsgUuid: '', pageSize: '20' },
    queryStrings: ['maxMsgUuid'],
    queryNumbers: ['pageSize'],
  },
  {
    method: 'POST',
    path: '/conversation/message/process',
    body: { conversationUuid: '{conversation}', prompt: 'A question.' },
    strings: ['conversationUuid', 'prompt', 'regenerateQuestionUuid', 'modelPlatform', 'modelName', 'audioUuid'],
    arrays: ['imageUrls'],
  },
  {
    method: 'GET',
    path: '/conversation/message/stream/{answer}',
    query: { lastEventId: '0' },
    queryStrings: ['lastEventId'],
  },
  { method: 'POST', path: '/conversation/message/stop/{answer}' },
  { method: 'POST', path: '/conversation/message/del/{answer}' },
  { method: 'GET', path: '/conversation/message/embedding-ref/{answer}' },
  { method: 'GET', path: '/conversation/message/graph-ref/{answer}' },
  { method: 'GET', path: '/conversation/message/citation/{answer}' },
  {
    method: 'GET',
    path: '/conversation/message/citations',
    query: { answerUuids: '{answer}' },
    queryStrings: ['answerUuids'],
  },
  {
    method: 'POST',
    path: '/conversation-preset/search',
    query: PAGING,
    body: { keyword: '' },
    strings: ['title', 'keyword'],
    queryNumbers: PAGING_FIELDS,
  },
  { method: 'GET', path: '/conversation-preset-rel/mine', query: { limit: '100' }, queryNumbers: ['limit'] },
  {
    method: 'POST',
    path: '/conversation/addByPreset',
    query: { presetUuid: '{preset}' },
    queryStrings: ['presetUuid'],
  },
  {
    method: 'POST',
    path: '/conversation-preset/add',
    body: { title: 'a preset', remark: '', aiSystemMessage: '' },
    strings: ['title', 'remark', 'aiSystemMessage'],
  },
  { method: 'POST', path: '/conversation-preset/del/{preset}' },
  {
    method: 'GET',
    path: '/prompt/my/search',
    query: { keyword: '', ...PAGING },
    queryStrings: ['keyword'],
    queryNumbers: PAGING_FIELDS,
  },
  { method: 'GET', path: '/prompt/my/autocomplete', query: { keyword: '' }, queryStrings: ['keyword'] },
  { method: 'POST', path: '/prompt/save', body: { prompts: [{ act: 'a', prompt: 'b' }] }, arrays: ['prompts'] },
  {
    method: 'POST',
    path: '/prompt/edit/{prompt}',
    body: { title: 'renamed' },
    strings: ['title', 'remark', 'act', 'prompt'],
  },
  { method: 'POST', path: '/prompt/del/{prompt}' },
  {
    method: 'GET',
    path: '/user/avatar/{avatar}',
    query: { width: '64', height: '64' },
    queryNumbers: ['width', 'height'],
  },
  {
    method: 'POST',
    path: '/user/password/modify',
    body: { oldPassword: 'old-password', newPassword: 'a-new-password-1' },
    strings: ['oldPassword', 'newPassword'],
  },
  {
    method: 'POST',
    path: '/knowledge-base/saveOrUpdate',
    body: { id: '0', title: 'kb', remark: '', isPublic: false },
    strings: ['title', 'remark', 'id'],
    numbers: ['ingestMaxOverlap', 'ingestMaxSegment', 'retrieveMaxResults', 'retrieveMinScore'],
  },
  { method: 'GET', path: '/knowledge-base/info/{kb}' },
  { method: 'POST', path: '/knowledge-base/del/{kb}' },
  {
    method: 'GET',
    path: '/knowledge-base/mine/search',
    query: { keyword: '', ...PAGING, includeOthersPublic: 'true' },
    queryStrings: ['keyword', 'includeOthersPublic'],
    queryNumbers: PAGING_FIELDS,
  },
  {
    method: 'GET',
    path: '/knowledge-base/public/search',
    query: { keyword: '', ...PAGING },
    queryStrings: ['keyword'],
    queryNumbers: PAGING_FIELDS,
  },
  { method: 'GET', path: '/knowledge-base/star/mine', query: PAGING, queryNumbers: PAGING_FIELDS },
  { method: 'POST', path: '/knowledge-base/star/toggle', query: { kbUuid: '{kb}' }, queryStrings: ['kbUuid'] },
  {
    method: 'GET',
    path: '/knowledge-base-item/search',
    query: { keyword: '', kbUuid: '{kb}', ...PAGING },
    queryStrings: ['keyword', 'kbUuid'],
    queryNumbers: PAGING_FIELDS,
  },
  {
    method: 'POST',
    path: '/knowledge-base-item/saveOrUpdate',
    body: { id: '0', uuid: '', kbUuid: '{kb}', title: 'item', remark: 'some text' },
    strings: ['title', 'remark', 'kbUuid', 'uuid', 'id'],
    longAllowed: ['remark'],
  },
  { method: 'POST', path: '/knowledge-base-item/del/{item}' },
  {
    method: 'GET',
    path: '/knowledge-base-embedding/list/{item}',
    query: PAGING,
    queryNumbers: PAGING_FIELDS,
  },
  { method: 'GET', path: '/knowledge-base-graph/list/{item}', query: { limit: '100' }, queryNumbers: ['limit'] },
  { method: 'GET', path: '/file/{file}', query: { token: '' }, queryStrings: ['token'] },
  { method: 'GET', path: '/api/file/{file}' },
  {
    method: 'POST',
    path: '/knowledge-base/item/indexing-list',
    body: { uuids: ['{item}'], indexTypes: ['embedding'] },
    arrays: ['uuids', 'indexTypes'],
  },
  {
    method: 'POST',
    path: '/knowledge-base/graph/{kb}/triples',
    body: { triples: [{ source: { name: 'a' }, relation: { label: 'r' }, target: { name: 'b' } }] },
    arrays: ['triples'],
  },
  { method: 'GET', path: '/knowledge-base/graph/{kb}' },
  { method: 'GET', path: '/knowledge-base/indexing/check' },
  {
    method: 'POST',
    path: '/knowledge-base/qa/add/{kb}',
    body: { question: 'A question?', modelName: '' },
    strings: ['question', 'modelName'],
  },
  { method: 'POST', path: '/knowledge-base/qa/process/{qa}' },
  {
    method: 'GET',
    path: '/knowledge-base/qa/search',
    query: { kbUuid: '{kb}', keyword: '', ...PAGING },
    queryStrings: ['kbUuid', 'keyword'],
    queryNumbers: PAGING_FIELDS,
  },
  { method: 'POST', path: '/knowledge-base/qa/del/{qa}' },
  { method: 'GET', path: '/knowledge-base/qa/embedding-ref/{qa}' },
  { method: 'GET', path: '/knowledge-base/qa/graph-ref/{qa}' },
  { method: 'GET', path: '/knowledge-base/qa/citation/{qa}' },
  { method: 'GET', path: '/conversation/list' },
  {
    method: 'GET',
    path: '/admin/citation/paragraphs',
    query: { from: '2026-01-01', currentPage: '1', pageSize: '20' },
    queryStrings: ['from', 'to', 'answerUuid', 'sourceId', 'hasCitationError'],
    queryNumbers: PAGING_FIELDS,
  },
  { method: 'GET', path: '/admin/citation/quality', query: { from: '2026-01-01' }, queryStrings: ['from', 'to'] },
  { method: 'GET', path: '/assets/{asset}' },
  { method: 'GET', path: '/docs/assets/{asset}' },
];

const UUID_VALUES: [string, string][] = [
  ['NUL', 'ab%00cd'],
  ['not hex', 'not-a-uuid'],
  ['304 characters', 'a'.repeat(304)],
  ['-1', '-1'],
  ['naming nothing', '0'.repeat(32)],
];

/** Bad values of each placeholder in a path; "naming nothing" must be "not found", never a success. */
const PATH_VALUES: Record<Placeholder, [string, string][]> = {
  '{kb}': UUID_VALUES,
  '{item}': UUID_VALUES,
  '{conversation}': UUID_VALUES,
  '{answer}': UUID_VALUES,
  '{preset}': UUID_VALUES,
  '{qa}': UUID_VALUES,
  '{prompt}': [
    ['NUL', '1%002'],
    ['not a number', 'abc'],
    ['-1', '-1'],
    ['0', '0'],
    ['a fraction', '1.5'],
    ['304 digits', '9'.repeat(304)],
    ['naming nothing', '987654321'],
  ],
  '{file}': [...UUID_VALUES.slice(0, 4), ['naming nothing', `${'0'.repeat(32)}.txt`]],
  '{avatar}': [
    ['NUL', 'ab%00cd'],
    ['304 characters', 'a'.repeat(304)],
    ['a dot', 'a.b'],
  ],
  '{asset}': [
    ['NUL', 'ab%00cd.js'],
    ['a path', '..%2F..%2Fpackage.json'],
    ['304 characters', `${'a'.repeat(304)}.js`],
  ],
};

interface Case {
  name: string;
  endpoint: Endpoint;
  body?: string;
  contentType?: string;
  query?: Record<string, string>;
  pathOverride?: string;
  /** The field the A0002 message must name, when the answer is A0002. */
  field?: string;
}

/** Longer than any text field but an item's (ask prompts go up to 50,000), shorter than the 100 KB body limit. */
const LONG = 'x'.repeat(60_000);
const BAD_NUMBERS: unknown[] = [3_000_000_000, -3_000_000_000, 1.5, 'abc', 1e300];
const BAD_DATES = ['99999-01-01', '1000-01-01', 'not a date'];

function casesOf(endpoint: Endpoint): Case[] {
  const cases: Case[] = [];
  const json = (value: unknown) => JSON.stringify(value);
  if (endpoint.body) {
    cases.push({ name: 'body null', endpoint, body: 'null', contentType: 'application/json' });
    cases.push({ name: 'body a number', endpoint, body: '42', contentType: 'application/json' });
    cases.push({ name: 'body not JSON', endpoint, body: '{"title":', contentType: 'application/json' });
    cases.push({ name: 'body an array', endpoint, body: '[]', contentType: 'application/json' });
    cases.push({ name: 'wrong Content-Type', endpoint, body: json(endpoint.body), contentType: 'text/plain' });
    cases.push({
      name: 'form Content-Type',
      endpoint,
      body: 'title=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    for (const field of endpoint.strings ?? []) {
      for (const [kind, value] of [
        ['NUL', 'a\u0000b'],
        ['too long', LONG],
        ['an object', { nested: true }],
        ['a number', 12],
      ] as const) {
        if (kind === 'too long' && endpoint.longAllowed?.includes(field)) continue;
        cases.push({ name: `${field} ${kind}`, endpoint, body: json({ ...endpoint.body, [field]: value }), field });
      }
    }
    for (const field of endpoint.numbers ?? []) {
      for (const value of BAD_NUMBERS) {
        cases.push({
          name: `${field} = ${String(value)}`,
          endpoint,
          body: json({ ...endpoint.body, [field]: value }),
          field,
        });
      }
    }
    for (const field of endpoint.arrays ?? []) {
      cases.push({
        name: `${field} with 5000 entries`,
        endpoint,
        body: json({ ...endpoint.body, [field]: Array(5000).fill('1') }),
        field,
      });
      cases.push({ name: `${field} not an array`, endpoint, body: json({ ...endpoint.body, [field]: 'x' }), field });
      cases.push({ name: `${field} with NUL`, endpoint, body: json({ ...endpoint.body, [field]: ['\u0000'] }), field });
    }
    cases.push({ name: 'a key with NUL', endpoint, body: json({ ...endpoint.body, 'k\u0000': 1 }) });
  }
  if (endpoint.query) {
    for (const field of endpoint.queryStrings ?? []) {
      cases.push({ name: `query ${field} NUL`, endpoint, query: { ...endpoint.query, [field]: 'a\u0000b' }, field });
      cases.push({
        name: `query ${field} too long`,
        endpoint,
        query: { ...endpoint.query, [field]: LONG.slice(0, 6000) },
        field,
      });
    }
    for (const field of endpoint.queryNumbers ?? []) {
      for (const value of BAD_NUMBERS) {
        cases.push({
          name: `query ${field} = ${String(value)}`,
          endpoint,
          query: { ...endpoint.query, [field]: String(value) },
          field,
        });
      }
    }
    for (const field of ['from', 'to'].filter((name) => endpoint.queryStrings?.includes(name))) {
      for (const value of BAD_DATES) {
        cases.push({
          name: `query ${field} = ${value}`,
          endpoint,
          query: { ...endpoint.query, [field]: value },
          field,
        });
      }
    }
  }
  for (const [placeholder, values] of Object.entries(PATH_VALUES)) {
    if (!endpoint.path.includes(placeholder)) continue;
    for (const [kind, value] of values) {
      cases.push({
        name: `path ${placeholder} ${kind}`,
        endpoint,
        pathOverride: endpoint.path.replace(placeholder, value),
      });
    }
  }
  return cases;
}

/** The `[ERROR]` event of an event stream, as `{code, message}`. */
function streamError(text: string): Reply['body'] {
  const data = /event:\s?\[ERROR\]\r?\n(?:id:[^\n]*\n)?data:\s?([^\n]*)/.exec(text)?.[1];
  if (data === undefined) return undefined;
  const [code, ...message] = data.split(': ');
  return { success: false, code, message: message.join(': ') };
}

describe('bad input, on every endpoint', () => {
  let server: RunningApp;
  let token: string;
  const ids: Record<string, string> = {};

  const send = async (method: string, path: string, init: { body?: string; contentType?: string } = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { Authorization: token, ...(init.contentType ? { 'Content-Type': init.contentType } : {}) },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const text = await response.text();
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      return { status: response.status, body: streamError(text), stream: true };
    }
    let body: Reply['body'];
    try {
      body = JSON.parse(text) as Reply['body'];
    } catch {
      body = undefined;
    }
    return { status: response.status, body, stream: false };
  };
  const fill = (text: string) => text.replace(/\{([a-z]+)\}/g, (_, name: string) => ids[name]!);

  beforeAll(async () => {
    server = await startApp({
      LOGIN_LIMIT_PER_ACCOUNT_IP: '100000',
      LOGIN_LIMIT_PER_ACCOUNT: '100000',
      LOGIN_LIMIT_PER_ADDRESS: '100000',
    });
    token = await server.login();
    const kb = await send('POST', '/knowledge-base/saveOrUpdate', {
      body: JSON.stringify({ id: '0', title: 'bad input', isPublic: false }),
      contentType: 'application/json',
    });
    ids.kb = (kb.body!.data as { uuid: string }).uuid;
    const item = await send('POST', '/knowledge-base-item/saveOrUpdate', {
      body: JSON.stringify({ kbUuid: ids.kb, title: 'an item', remark: 'Some text.' }),
      contentType: 'application/json',
    });
    ids.item = (item.body!.data as { uuid: string }).uuid;
    ids.conversation = await server.firstConversation(token);
    ids.answer = 'f'.repeat(32);
    const preset = await send('POST', '/conversation-preset/add', {
      body: JSON.stringify({ title: 'bad input preset' }),
      contentType: 'application/json',
    });
    ids.preset = (preset.body!.data as { uuid: string }).uuid;
    const prompts = await send('POST', '/prompt/save', {
      body: JSON.stringify({ prompts: [{ act: 'bad input', prompt: 'A prompt.' }] }),
      contentType: 'application/json',
    });
    ids.prompt = Object.values(prompts.body!.data as Record<string, string>)[0]!;
    const qa = await send('POST', `/knowledge-base/qa/add/${ids.kb}`, {
      body: JSON.stringify({ question: 'What is in it?' }),
      contentType: 'application/json',
    });
    ids.qa = (qa.body!.data as { uuid: string }).uuid;
    ids.file = `${'0'.repeat(32)}.txt`;
    ids.avatar = '1';
    ids.asset = 'index.js';
  });

  afterAll(async () => {
    await server.close();
  });

  const cases = ENDPOINTS.flatMap(casesOf);

  it.each(cases.map((c) => [`${c.endpoint.method} ${c.endpoint.path}: ${c.name}`, c] as const))(
    '%s answers a clear refusal, never a 500',
    async (_name, c) => {
      let path = fill(c.pathOverride ?? c.endpoint.path);
      if (c.query)
        path += `?${new URLSearchParams(Object.entries(c.query).map(([k, v]) => [k, fill(v)] as [string, string])).toString()}`;
      const reply = await send(c.endpoint.method, path, {
        ...(c.body !== undefined ? { body: fill(c.body) } : {}),
        ...(c.contentType
          ? { contentType: c.contentType }
          : c.body !== undefined
            ? { contentType: 'application/json' }
            : {}),
      });
      expect(reply.status).toBeLessThan(500);
      if (reply.stream) {
        // An id of the right form that names nothing: the stream's only event says so.
        expect(reply.body?.code).toMatch(/_NOT_FOUND$|^A00\d\d$/);
      } else if (reply.status === 200) {
        expect(reply.body).toMatchObject({ success: false });
        // The legacy codes (A… for what the caller sent, B0003 for a picture size), or a …_NOT_FOUND of our own.
        expect(reply.body!.code).toMatch(/^A00\d\d$|^B0003$|^[A-Z]+_NOT_FOUND$/);
        expect(reply.body!.message).not.toMatch(/try again/);
        if (reply.body!.code === 'A0002' && c.field) expect(reply.body!.message).toContain(c.field);
      } else {
        expect(reply.status).toBeGreaterThanOrEqual(400);
        if (reply.body?.code === 'REQUEST_INVALID' && c.field) expect(reply.body.message).toContain(c.field);
      }
    },
  );

  it('says what is wrong with a body of null, a wrong Content-Type, and a bad field', async () => {
    const nullBody = await send('POST', '/conversation/add', { body: 'null', contentType: 'application/json' });
    expect(nullBody).toMatchObject({
      status: 400,
      body: { success: false, code: 'HTTP_400', message: 'body: must be a JSON object, not null' },
    });
    const textBody = await send('POST', '/conversation/add', { body: '{"title":"x"}', contentType: 'text/plain' });
    expect(textBody.body!.message).toContain('Content-Type must be application/json');
    const overlap = await send('POST', '/knowledge-base/saveOrUpdate', {
      body: JSON.stringify({ id: '0', title: 'x', ingestMaxOverlap: 3_000_000_000 }),
      contentType: 'application/json',
    });
    expect(overlap.body).toMatchObject({
      code: 'A0002',
      message: 'ingestMaxOverlap: must be a whole number from 0 to 100000',
      data: { ingestMaxOverlap: 'must be a whole number from 0 to 100000' },
    });
  });

  it('says what type a field of the wrong type must be, rather than that it is required', async () => {
    const login = (body: unknown) =>
      send('POST', '/auth/login', { body: JSON.stringify(body), contentType: 'application/json' });
    expect((await login({ email: 1, password: 'x' })).body).toMatchObject({
      code: 'A0002',
      message: 'email: must be a string (the e-mail address of the account), not a number (1)',
    });
    expect((await login({ email: 'x@example.test', password: ['x'] })).body!.message).toBe(
      'password: must be a string, not an array',
    );
    expect((await login({ email: null, password: 'x' })).body!.message).toMatch(
      /^email: must be a string .*, not null$/,
    );
    // A field not sent at all is still "required".
    expect((await login({ password: 'x' })).body!.message).toBe(
      'email: is required: the e-mail address of the account',
    );
    const ask = await send('POST', '/conversation/message/process', {
      body: JSON.stringify({ conversationUuid: ids.conversation, prompt: 42 }),
      contentType: 'application/json',
    });
    expect(ask.status).toBe(400);
    expect(ask.body!.message).toBe('prompt: must be a string, not a number (42)');
  });

  it('answers "not found" for an id that names nothing, and refuses ids that are not ids, instead of creating', async () => {
    const count = async () =>
      (await send('GET', '/knowledge-base/mine/search?keyword=&currentPage=1&pageSize=100')).body!.data as {
        total: number;
      };
    const before = (await count()).total;
    for (const id of ['-1', 'abc', -1, 1.5]) {
      const reply = await send('POST', '/knowledge-base/saveOrUpdate', {
        body: JSON.stringify({ id, title: 'should not exist' }),
        contentType: 'application/json',
      });
      expect(reply.body).toMatchObject({ success: false, code: 'A0002' });
    }
    const missing = await send('POST', '/knowledge-base/saveOrUpdate', {
      body: JSON.stringify({ id: '987654321', title: 'should not exist' }),
      contentType: 'application/json',
    });
    expect(missing.body).toMatchObject({ success: false, code: 'A0017' });
    const missingItem = await send('POST', '/knowledge-base-item/saveOrUpdate', {
      body: JSON.stringify({ id: '987654321', kbUuid: ids.kb, title: 't', remark: 'r' }),
      contentType: 'application/json',
    });
    expect(missingItem.body).toMatchObject({ success: false, code: 'A0019' });
    expect((await count()).total).toBe(before);
    // "0", an empty id or none is how the stock frontend asks for a new one.
    for (const id of ['0', '', 0, undefined]) {
      const created = await send('POST', '/knowledge-base/saveOrUpdate', {
        body: JSON.stringify({ id, title: `new with id ${JSON.stringify(id)}` }),
        contentType: 'application/json',
      });
      expect(created.body).toMatchObject({ success: true });
    }
    expect((await count()).total).toBe(before + 4);
  });

  it('tells a binary file, a non-UTF-8 text and an over-long file name apart from an unsupported type', async () => {
    const upload = async (name: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const response = await fetch(`${server.baseUrl}/knowledge-base/upload/${ids.kb}`, {
        method: 'POST',
        headers: { Authorization: token },
        body: form,
      });
      return (await response.json()) as { success: boolean; code: string; message: string };
    };
    const png = await upload(
      'picture.txt',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    );
    expect(png).toMatchObject({ success: false, code: 'A0018' });
    expect(png.message).toContain('binary');
    const gbk = await upload('chinese.txt', new Uint8Array([0xc4, 0xe3, 0xba, 0xc3, 0xca, 0xc0, 0xbd, 0xe7]));
    expect(gbk).toMatchObject({ success: false, code: 'A0018' });
    expect(gbk.message).toContain('UTF-8');
    const longName = await upload(`${'n'.repeat(300)}.txt`, new TextEncoder().encode('Plain text.'));
    expect(longName).toMatchObject({ success: false, code: 'A0002' });
    expect(longName.message).toContain('file name');
    const pdf = await upload('report.pdf', new TextEncoder().encode('%PDF-1.7'));
    expect(pdf.message).toContain('.txt and .md');
  });

  it('answers a non-admin on an admin route in the envelope, and a foreign conversation with the legacy codes', async () => {
    await server.app
      .get(AuthService)
      .createUser({ name: 'carol', email: 'carol@example.test', password: 'carol-password', isAdmin: false });
    const carol = await server.login('carol@example.test', 'carol-password');
    const asCarol = async (path: string) =>
      (await (await fetch(`${server.baseUrl}${path}`, { headers: { Authorization: carol } })).json()) as Reply['body'];
    expect(await asCarol('/admin/citation/quality')).toMatchObject({ success: false, code: 'A0016' });
    expect(await asCarol(`/conversation/${ids.conversation}?maxMsgUuid=&pageSize=20`)).toMatchObject({ code: 'A0016' });
    expect(await asCarol(`/conversation/${'0'.repeat(32)}?maxMsgUuid=&pageSize=20`)).toMatchObject({ code: 'A0008' });
  });
});
