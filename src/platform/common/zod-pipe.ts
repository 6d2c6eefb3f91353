import {
  Param,
  Query,
  createParamDecorator,
  type ArgumentMetadata,
  type ExecutionContext,
  type PipeTransform,
} from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { InvalidParameterError } from './app-error.js';

/**
 * Every schema a route validates with, by name, so that an OpenAPI document can be generated from them
 * (`z.toJSONSchema(requestSchemas, { io: 'input' })`).
 */
export const requestSchemas = z.registry<{ id: string }>();

/** Names a request schema and registers it; the name becomes the schema's id in generated API documents. */
export function requestSchema<T extends z.ZodType>(id: string, schema: T): T {
  if (!requestSchemas.has(schema)) requestSchemas.add(schema, { id });
  return schema;
}

/** What a JSON value is, as a reader names it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `a boolean (${value})`;
  return `a ${typeof value}`;
}

const ARTICLE: Record<string, string> = { array: 'an array', object: 'an object', int: 'a whole number' };

/**
 * A field sent with a value of the wrong type is told what type it must be: the schemas' messages for a missing
 * field ("is required: …") would say it was not sent. Needs the issues' inputs (`reportInput`).
 */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_type' || issue.input === undefined) return issue.message;
  // A schema's own wording for a wrong type stands; only "is required" and zod's default are replaced.
  if (!/^(is required|Invalid input)/.test(issue.message)) return issue.message;
  const hint = /^is required: (.+)$/.exec(issue.message)?.[1];
  const expected = ARTICLE[issue.expected] ?? `a ${issue.expected}`;
  return `must be ${expected}${hint ? ` (${hint})` : ''}, not ${kindOf(issue.input)}`;
}

/** One readable line per problem, naming the field (`where` prefixes it: `query`, `path`, or nothing for a body). */
export function describeZodIssues(error: z.ZodError, where = ''): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = [where, ...issue.path.map(String)].filter((part) => part !== '').join('.') || 'body';
    fields[field] ??= issueMessage(issue);
  }
  return {
    message: Object.entries(fields)
      .map(([field, message]) => `${field}: ${message}`)
      .join('; '),
    fields,
  };
}

/** The path of the first string holding a NUL character, which PostgreSQL cannot store in text. */
function pathOfNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfNul(value[i], [...path, String(i)]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      const found = pathOfNul(key, [...path, key]) ?? pathOfNul(field, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** How a route refuses bad input: `A0002` (HTTP 200) unless it says otherwise. */
export interface ZodPipeOptions {
  /**
   * The error to raise for a bad input, given the readable message and `{field: what it must be}`. The ask
   * endpoints answer HTTP 400 `REQUEST_INVALID`, as their clients expect, instead of the legacy envelope; a
   * static asset's bad name is a plain 404.
   */
  invalid?: (message: string, fields: Record<string, string>) => Error;
}

const invalidParameter = (message: string, fields: Record<string, string>): Error =>
  new InvalidParameterError(message, fields);

/**
 * Validates a body, query or path parameter with a zod schema; a failure is `A0002` (or the route's own error)
 * naming each bad field and what it must be. Use it through {@link ZodBody}, {@link ZodQuery} or {@link ZodParam}.
 */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  private readonly invalid: NonNullable<ZodPipeOptions['invalid']>;

  /** `schema` is public so that the API document can read, per route, what the route accepts. */
  constructor(
    readonly schema: T,
    options: ZodPipeOptions = {},
  ) {
    this.invalid = options.invalid ?? invalidParameter;
  }

  transform(value: unknown, metadata: ArgumentMetadata): z.output<T> {
    // A path parameter is named by the route's name for it; body and query fields by their own names.
    const where = metadata.type === 'param' ? (metadata.data ?? '') : '';
    const nul = pathOfNul(value);
    if (nul) {
      const field = [where, ...nul].filter((part) => part !== '').join('.') || 'body';
      throw this.invalid(`${field}: must not contain the NUL character (\\u0000)`, {
        [field]: 'must not contain NUL',
      });
    }
    const parsed = this.schema.safeParse(value, { reportInput: true });
    if (!parsed.success) {
      const { message, fields } = describeZodIssues(parsed.error, where);
      throw this.invalid(message, fields);
    }
    return parsed.data;
  }
}

/**
 * The JSON body, checked to be JSON: a request with a body of another Content-Type is told so, instead of
 * being read as an empty object whose first required field is then "missing". Nothing sent: an empty object, so
 * that the schema names the required fields.
 */
export function jsonBody(request: Request, options?: ZodPipeOptions): unknown {
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (hasBody && !request.is('application/json')) {
    const type = request.headers['content-type'] ?? 'none';
    throw (options?.invalid ?? invalidParameter)(`Content-Type must be application/json (this request sent ${type})`, {
      'Content-Type': 'must be application/json',
    });
  }
  return request.body ?? {};
}

const JsonBody = createParamDecorator((options: ZodPipeOptions | undefined, context: ExecutionContext): unknown =>
  jsonBody(context.switchToHttp().getRequest<Request>(), options),
);

/** `@ZodBody(schema)`: the request body (JSON), validated. */
export const ZodBody = (schema: z.ZodType, options: ZodPipeOptions = {}) =>
  JsonBody(options, new ZodPipe(schema, options));
/** `@ZodQuery(schema)`: the whole query string, validated as one object. */
export const ZodQuery = (schema: z.ZodType, options: ZodPipeOptions = {}) => Query(new ZodPipe(schema, options));
/** `@ZodParam('uuid', schema)`: one path parameter, validated. */
export const ZodParam = (name: string, schema: z.ZodType, options: ZodPipeOptions = {}) =>
  Param(name, new ZodPipe(schema, options));
