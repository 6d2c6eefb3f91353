import { RequestMethod } from '@nestjs/common';
import {
  CUSTOM_ROUTE_ARGS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { z } from 'zod';
import { PUBLIC_ROUTE } from '../../accounts/current-user.js';
import { ZodPipe } from '../common/zod-pipe.js';

/** One method + path the application serves, with what its handler validates. */
export interface CatalogRoute {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head';
  /** OpenAPI form: `/conversation/message/stream/{answerUuid}`. */
  path: string;
  controller: string;
  handler: string;
  isPublic: boolean;
  /** The schema of `@ZodBody`, when the handler uses it. */
  body?: z.ZodType;
  /** The handler reads a body it checks by hand (`@Body()` without a schema). */
  uncheckedBody: boolean;
  /** The handler reads input no schema describes: a body, query or path parameter without one, or the request. */
  readsUncheckedInput: boolean;
  /** The schema of `@ZodQuery` (the whole query string). */
  query?: z.ZodType;
  /** Path parameters by name: a schema when `@ZodParam` validates it. */
  pathParams: Map<string, z.ZodType | undefined>;
  /** Query parameters and headers the handler reads one by one (`@Query('x')`, `@Headers('x')`), untyped. */
  namedQuery: string[];
  headers: string[];
}

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const METHODS: Partial<Record<RequestMethod, CatalogRoute['method']>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.OPTIONS]: 'options',
  [RequestMethod.HEAD]: 'head',
};

/** A route decorator's path: one string, a list, or none (the controller's own path). */
const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? value : [value];

/** `/a/:b` → `/a/{b}`, joined and normalised as the router joins them. */
export function openApiPath(...parts: string[]): string {
  const joined = `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function zodSchemaOf(arg: RouteArg): z.ZodType | undefined {
  const pipe = arg.pipes?.find((candidate): candidate is ZodPipe<z.ZodType> => candidate instanceof ZodPipe);
  return pipe?.schema;
}

/**
 * Every route of every controller, read from the same decorator metadata Nest's router reads, so that a route
 * can never be served without being listed. A handler's schemas are those of its `ZodPipe`s: a route that moves
 * to `@ZodBody`/`@ZodQuery`/`@ZodParam` gets its schema in the document with no further change.
 */
export function catalogRoutes(discovery: DiscoveryService, scanner: MetadataScanner): CatalogRoute[] {
  const routes: CatalogRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
    if (!controller || typeof controller !== 'function') continue;
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
    const classPublic = Reflect.getMetadata(PUBLIC_ROUTE, controller) === true;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as object;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (paths === undefined) continue;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      if (!method) continue;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArg>;
      const described = describeArgs(args);
      const isPublic = classPublic || Reflect.getMetadata(PUBLIC_ROUTE, handler) === true;
      for (const prefix of prefixes) {
        for (const path of asList(paths)) {
          const full = openApiPath(prefix, path);
          const pathParams = new Map<string, z.ZodType | undefined>();
          for (const [, param] of full.matchAll(/\{([^}]+)\}/g)) pathParams.set(param!, described.params.get(param!));
          const uncheckedParam = [...pathParams.values()].some((schema) => schema === undefined);
          routes.push({
            method,
            path: full,
            controller: controller.name,
            handler: name,
            isPublic,
            body: described.body,
            uncheckedBody: described.uncheckedBody,
            readsUncheckedInput: described.readsUnchecked || uncheckedParam,
            query: described.query,
            pathParams,
            namedQuery: described.namedQuery,
            headers: described.headers,
          });
        }
      }
    }
  }
  return routes;
}

function describeArgs(args: Record<string, RouteArg>) {
  const params = new Map<string, z.ZodType | undefined>();
  const namedQuery: string[] = [];
  const headers: string[] = [];
  let body: z.ZodType | undefined;
  let uncheckedBody = false;
  let readsUnchecked = false;
  let query: z.ZodType | undefined;
  for (const [key, arg] of Object.entries(args)) {
    const schema = zodSchemaOf(arg);
    // `@ZodBody` is the one custom parameter decorator that carries a ZodPipe: the JSON body, checked.
    if (key.includes(CUSTOM_ROUTE_ARGS_METADATA)) {
      if (schema) body = schema;
      continue;
    }
    const type = Number(key.split(':')[0]) as RouteParamtypes;
    const named = typeof arg.data === 'string' ? arg.data : undefined;
    if (type === RouteParamtypes.BODY && schema && !named) body = schema;
    else if (type === RouteParamtypes.BODY) uncheckedBody = true;
    else if (type === RouteParamtypes.QUERY && !named && schema) query = schema;
    else if (type === RouteParamtypes.QUERY && named) namedQuery.push(named);
    else if (type === RouteParamtypes.PARAM && named) params.set(named, schema);
    else if (type === RouteParamtypes.HEADERS && named) headers.push(named);
    if (!schema && [RouteParamtypes.BODY, RouteParamtypes.QUERY].includes(type)) readsUnchecked = true;
  }
  return { body, uncheckedBody, readsUnchecked, query, params, namedQuery, headers };
}
