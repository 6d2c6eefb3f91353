import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Express } from 'express';
import { startApp, type RunningApp } from './support/app.js';

interface Operation {
  operationId: string;
  summary?: string;
  tags?: string[];
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: string }> }> }>;
}

interface Document {
  openapi: string;
  jsonSchemaDialect?: string;
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> };
}

const DOCUMENT_ID = 'https://citation-stream.test/openapi.json';

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** What Express itself routes: `METHOD /path/{param}` for every route layer of the application's router. */
function servedRoutes(server: RunningApp): string[] {
  const express = server.app.getHttpAdapter().getInstance() as Express & { router: { stack: RouterLayer[] } };
  const routes: string[] = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') routes.push(`${method} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
      }
    }
  }
  return [...new Set(routes)].sort();
}

describe('GET /openapi.json and /docs', () => {
  let server: RunningApp;
  let document: Document;

  beforeAll(async () => {
    server = await startApp({});
    const response = await fetch(`${server.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  });

  afterAll(async () => {
    await server.close();
  });

  const operation = (method: string, path: string): Operation => {
    const found = document.paths[path]?.[method];
    if (!found) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };

  it('is a valid OpenAPI 3.1 document, served without a token', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('keeps the default schema dialect, which Swagger UI accepts without a warning', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.jsonSchemaDialect).toBeUndefined();
  });

  it('gives every operation a summary in words, and groups the ask endpoint first and the stubs last', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, found]) => ({ route: `${method} ${path}`, ...found })),
    );
    const named = operations.filter(({ summary }) => !summary || /^\w+Controller\.\w+$/.test(summary));
    expect(named.map(({ route, summary }) => `${route}: ${summary}`)).toEqual([]);
    const tagNames = document.tags!.map((tag) => tag.name);
    expect(tagNames[0]).toBe('Ask');
    expect(tagNames.at(-1)).toBe('Not provided');
    expect(operation('post', '/conversation/message/process').tags).toEqual(['Ask']);
    // Every tag an operation names is listed, and the paths come tag by tag in the listed order.
    const order = operations.map(({ tags }) => tagNames.indexOf(tags![0]!));
    expect(order).not.toContain(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The stock frontend's screens this server does not provide are all under the last tag.
    expect(operation('post', '/draw/generation').tags).toEqual(['Not provided']);
    expect(operations.filter(({ tags }) => tags![0] === 'Not provided').length).toBeGreaterThan(30);
  });

  it('lists exactly the routes the router serves', () => {
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
      .sort();
    const served = servedRoutes(server);
    expect(served.length).toBeGreaterThan(50);
    expect(documented).toEqual(served);
  });

  it('describes a validated body with the zod schema that checks it, as a shared component', () => {
    const body = operation('post', '/conversation/add').requestBody?.content['application/json']?.schema;
    expect(body).toEqual({ $ref: '#/components/schemas/ConversationFields' });
    expect(document.components.schemas.ConversationFields).toMatchObject({
      type: 'object',
      properties: { title: { type: 'string', maxLength: 45 } },
    });
    const history = operation('get', '/conversation/{uuid}');
    expect(history.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(
      expect.arrayContaining(['path uuid', 'query maxMsgUuid', 'query pageSize']),
    );
    expect(history.parameters?.find((parameter) => parameter.name === 'uuid')?.schema).toEqual({
      type: 'string',
      pattern: '^[0-9a-f]{32}$',
    });
  });

  it('agrees with the validation pipe: what the schema accepts passes, what it refuses is A0002', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // The whole document as one schema resource, so that its `#/components/schemas/…` references resolve.
    ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
    const token = await server.login();
    const cases: { path: string; schema: string; headers: Record<string, string>; bodies: unknown[] }[] = [
      {
        path: '/auth/login',
        schema: 'LoginRequest',
        headers: {},
        bodies: [
          { email: 'nobody@example.test', password: 'secret' },
          { email: 'nobody@example.test' },
          { email: 5, password: 'secret' },
          { email: 'nobody@example.test', password: 'x'.repeat(1001) },
        ],
      },
      {
        path: '/conversation/add',
        schema: 'ConversationFields',
        headers: { Authorization: token },
        bodies: [
          { title: 'described by the document' },
          { title: 'with a type', answerContentType: 2, kbIds: [], understandContextEnable: true },
          { title: 'x'.repeat(46) },
          { title: 'bad type', answerContentType: 4 },
          { title: 'bad flag', isAutoplayAnswer: 'yes' },
          { title: 'bad ids', kbIds: [true] },
        ],
      },
    ];
    let accepted = 0;
    let refused = 0;
    for (const { path, schema, headers, bodies } of cases) {
      const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${schema}`)!;
      for (const body of bodies) {
        const valid = validate(body);
        const response = await fetch(`${server.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        const reply = (await response.json()) as { code?: string };
        const context = `${path} ${JSON.stringify(body).slice(0, 80)}`;
        if (valid) {
          accepted++;
          expect([context, reply.code]).not.toEqual([context, 'A0002']);
        } else {
          refused++;
          expect([context, reply.code]).toEqual([context, 'A0002']);
        }
      }
    }
    expect(accepted).toBe(3);
    expect(refused).toBe(7);
  });

  it('names the token scheme, marks public routes and the bare 401', async () => {
    expect(document.components.securitySchemes.authorizationToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    for (const [method, path] of [
      ['post', '/auth/login'],
      ['get', '/health'],
      ['get', '/openapi.json'],
    ] as const) {
      expect(operation(method, path).security).toEqual([]);
      expect(operation(method, path).responses['401']).toBeUndefined();
    }
    const refused = await fetch(`${server.baseUrl}/conversation/add`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe('');
    const add = operation('post', '/conversation/add');
    expect(add.security).toBeUndefined();
    expect(add.responses['401']).toBeDefined();
    expect(add.responses['200']?.content?.['application/json']).toBeDefined();
  });

  it('lists a route that checks its input by hand with a note saying so, and only such routes', () => {
    const noted = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, found]) => found.description?.includes('No request schema is registered'))
        .map(([method]) => `${method} ${path}`),
    );
    // A path parameter nothing validates: described as a plain string, with the note.
    expect(noted).toContain('get /draw/comment/list/{uuid}');
    expect(operation('get', '/draw/comment/list/{uuid}').parameters).toEqual([
      { name: 'uuid', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    // Routes whose every input has a schema, or that take none, carry no note.
    for (const route of ['post /conversation/add', 'post /auth/login', 'get /health', 'get /conversation/{uuid}']) {
      expect(noted).not.toContain(route);
    }
  });

  it('describes each event stream in words, with an example stream', () => {
    for (const [method, path, events] of [
      ['post', '/conversation/message/process', ['[START]', '[CITATION_PARAGRAPH]', '[CITATION_REF]', '[META]']],
      ['get', '/conversation/message/stream/{answerUuid}', ['Last-Event-ID', '[DONE]']],
      ['post', '/knowledge-base/qa/process/{uuid}', ['[START]', '-_wrap_-', '[DONE]']],
    ] as const) {
      const stream = operation(method, path);
      for (const event of events) expect(stream.description).toContain(event);
      const examples = stream.responses['200']?.content?.['text/event-stream']?.examples ?? {};
      expect(Object.keys(examples).length).toBeGreaterThan(0);
      for (const example of Object.values(examples))
        expect(example.value).toMatch(/^event:\[(START|ERROR|CITATION_DONE)\]\n/);
    }
  });

  it('serves /docs as an HTML page that loads only its own assets', async () => {
    const response = await fetch(`${server.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('swagger-ui-bundle.js');
    for (const reference of references) {
      expect(reference).not.toMatch(/^(?:[a-z]+:)?\/\//i);
      const asset = await fetch(new URL(reference, `${server.baseUrl}/docs`));
      expect([reference, asset.status]).toEqual([reference, 200]);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const init = await (await fetch(`${server.baseUrl}/docs/assets/init.js`)).text();
    expect(init).toContain("url: 'openapi.json'");
    expect((await fetch(`${server.baseUrl}/docs/assets/package.json`)).status).toBe(404);
    const slashed = await fetch(`${server.baseUrl}/docs/`, { redirect: 'manual' });
    expect(slashed.status).toBe(301);
    expect(new URL(slashed.headers.get('location')!, `${server.baseUrl}/docs/`).pathname).toBe('/docs');
  });
});
