import { z } from 'zod';
import { requestSchemas } from '../common/zod-pipe.js';
import { SUMMARIES, TAGS, tagOf, tagRank } from './operation-guide.js';
import type { CatalogRoute } from './route-catalog.js';
import { EVENT_STREAMS } from './sse-streams.js';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';
const TOKEN_SCHEME = 'authorizationToken';

/** The JSON envelope every JSON route answers with, and the bare 401. */
const ENVELOPE_SCHEMAS: Record<string, JsonSchema> = {
  SuccessEnvelope: {
    type: 'object',
    description: 'A successful call: `data` is what the route returns.',
    properties: { success: { const: true }, data: {} },
    required: ['success'],
  },
  ErrorEnvelope: {
    type: 'object',
    description:
      'A refused call, with HTTP 200 unless said otherwise. Match on `code`; `message` is for people. `A0002` (a parameter is missing or wrong) also carries `data`: each bad field and what it must be.',
    properties: {
      success: { const: false },
      code: { type: 'string', examples: ['A0002'] },
      message: { type: 'string', examples: ['title: must be at most 25 characters'] },
      data: { type: 'object', additionalProperties: { type: 'string' } },
    },
    required: ['success', 'code', 'message'],
  },
};

const JSON_RESPONSE = {
  description:
    'The JSON envelope: `{"success":true,"data":…}`, or `{"success":false,"code","message"}` for a refusal (HTTP 200 for domain refusals; 400, 404, 413, 500 for refusals of the HTTP layer).',
  content: {
    'application/json': {
      schema: { oneOf: [{ $ref: `${COMPONENT}SuccessEnvelope` }, { $ref: `${COMPONENT}ErrorEnvelope` }] },
    },
  },
};

const UNAUTHORIZED = {
  description:
    'No token, or an unknown or expired one: a bare 401 with no body (legacy clients log the user out on any 401).',
};

/** Converts every registered request schema once, as components, with references between them. */
function registeredComponents(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(requestSchemas, {
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `${COMPONENT}${id}`,
  });
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, id: _id, ...rest } = schema as JsonSchema;
    components[id] = rest;
  }
  return components;
}

/** A schema as the document shows it: a reference when it is registered, inline otherwise. */
function schemaFor(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const id = requestSchemas.get(schema)?.id;
  if (id && components[id]) return { $ref: `${COMPONENT}${id}` };
  const { $schema: _dialect, ...inline } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return inline;
}

/** The object schema behind a reference, to spread a query schema into one parameter per field. */
function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith(COMPONENT)
    ? (components[ref.slice(COMPONENT.length)] ?? {})
    : schema;
}

function queryParameters(route: CatalogRoute, components: Record<string, JsonSchema>): Operation[] {
  const parameters: Operation[] = [];
  if (route.query) {
    const object = resolve(schemaFor(route.query, components), components);
    const required = new Set((object.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((object.properties as Record<string, JsonSchema>) ?? {})) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  for (const name of route.namedQuery) {
    if (!parameters.some((parameter) => parameter.name === name)) {
      parameters.push({ name, in: 'query', required: false, schema: { type: 'string' } });
    }
  }
  return parameters;
}

function operationFor(route: CatalogRoute, components: Record<string, JsonSchema>): Operation {
  const stream = EVENT_STREAMS[`${route.method} ${route.path}`];
  const parameters: Operation[] = [
    ...[...route.pathParams].map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: schema ? schemaFor(schema, components) : { type: 'string' },
    })),
    ...queryParameters(route, components),
    ...route.headers.map((name) => ({ name, in: 'header', required: false, schema: { type: 'string' } })),
  ];
  const notes = [
    route.isPublic ? 'Public: no token needed.' : undefined,
    !route.readsUncheckedInput
      ? undefined
      : 'No request schema is registered for this route: it checks its input by hand, so those fields are not described here (its responses are).',
  ].filter(Boolean);
  const operation: Operation = {
    operationId: `${route.controller}.${route.handler}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    tags: [tagOf(route.controller)],
    summary:
      SUMMARIES[`${route.controller}.${route.handler}`] ?? stream?.summary ?? `${route.controller}.${route.handler}`,
    ...(stream || notes.length ? { description: [stream?.description, ...notes].filter(Boolean).join('\n\n') } : {}),
    ...(parameters.length ? { parameters } : {}),
    responses: {
      '200': stream
        ? {
            description: 'A Server-Sent Event stream (see the description for every event).',
            headers: {
              'X-Answer-Uuid': {
                description: "The answer's uuid (answer streams that reached [START])",
                schema: { type: 'string' },
              },
            },
            content: { 'text/event-stream': { schema: { type: 'string' }, examples: stream.examples } },
          }
        : JSON_RESPONSE,
      ...(stream ? { '400': JSON_RESPONSE } : {}),
      ...(route.isPublic ? {} : { '401': UNAUTHORIZED }),
    },
    ...(route.isPublic ? { security: [] } : {}),
  };
  if (route.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaFor(route.body, components) } },
    };
  } else if (route.uncheckedBody) {
    operation.requestBody = {
      description: 'A JSON object, checked by the route itself.',
      content: { 'application/json': { schema: { type: 'object' } } },
    };
  }
  return operation;
}

/** The groups of the routes given, in the order of {@link TAGS}. */
function tagsOf(routes: CatalogRoute[]): { name: string; description?: string }[] {
  const names = [...new Set(routes.map((route) => tagOf(route.controller)))];
  return names
    .sort((a, b) => tagRank(a) - tagRank(b) || a.localeCompare(b))
    .map((name) => {
      const description = TAGS.find((tag) => tag.name === name)?.description;
      return description ? { name, description } : { name };
    });
}

/**
 * The OpenAPI 3.1 document of the routes given, their schemas converted from the zod schemas that check them.
 * It keeps OpenAPI 3.1's own schema dialect (a superset of JSON Schema 2020-12, which zod writes): naming
 * another in `jsonSchemaDialect` makes Swagger UI flag the whole document. Paths come group by group, as `/docs`
 * shows them.
 */
export function buildOpenApiDocument(routes: CatalogRoute[], version: string): Record<string, unknown> {
  const components = registeredComponents();
  const paths: Record<string, Record<string, Operation>> = {};
  const rank = (route: CatalogRoute) => tagRank(tagOf(route.controller));
  const sorted = [...routes].sort(
    (a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
  for (const route of sorted) {
    (paths[route.path] ??= {})[route.method] = operationFor(route, components);
  }
  return {
    openapi: '3.1.0',
    tags: tagsOf(routes),
    info: {
      title: 'citation-stream',
      version,
      description:
        'Streams an LLM answer over Server-Sent Events with paragraph-level citations, and the REST API of the AIDeepIn chat server it stands in for. Request schemas are generated from the zod schemas the routes validate with. The answer stream is described in docs/protocol.md.',
    },
    security: [{ [TOKEN_SCHEME]: [] }],
    paths,
    components: {
      schemas: { ...ENVELOPE_SCHEMAS, ...components },
      securitySchemes: {
        [TOKEN_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'The token `POST /auth/login` answers, sent as the raw header value (`Authorization: <token>`); `Bearer <token>` is accepted too.',
        },
      },
    },
  };
}
