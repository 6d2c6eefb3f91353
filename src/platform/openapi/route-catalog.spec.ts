import { Body, Controller, Get, Headers, Module, Param, Post, Query } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import { Public } from '../../accounts/current-user.js';
import { requestSchema, ZodBody, ZodParam, ZodQuery } from '../common/zod-pipe.js';
import { buildOpenApiDocument } from './openapi-document.js';
import { catalogRoutes, openApiPath, type CatalogRoute } from './route-catalog.js';

const noteBody = requestSchema('CatalogSpecNote', z.object({ text: z.string().max(10) }));
const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

@Controller('notes')
class NotesController {
  @Post('add')
  add(@ZodBody(noteBody) body: unknown) {
    return body;
  }

  @Public()
  @Get(['list', 'all'])
  list(@ZodQuery(pageQuery) query: unknown) {
    return query;
  }

  @Post('by-hand/:uuid')
  byHand(@Param('uuid') uuid: string, @Body() body: unknown, @Headers('x-mode') mode: string) {
    return [uuid, body, mode];
  }

  @Get(':uuid')
  one(@ZodParam('uuid', z.string().length(4)) uuid: string, @Query('verbose') verbose: string) {
    return [uuid, verbose];
  }

  notARoute() {
    return 'helper';
  }
}

@Module({ imports: [DiscoveryModule], controllers: [NotesController] })
class NotesModule {}

describe('the route catalog', () => {
  let routes: CatalogRoute[];

  beforeAll(async () => {
    const module = await Test.createTestingModule({ imports: [NotesModule] }).compile();
    routes = catalogRoutes(module.get(DiscoveryService), module.get(MetadataScanner));
    await module.close();
  });

  const route = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);

  it('lists every path of every handler, and nothing else', () => {
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'get /notes/all',
      'get /notes/list',
      'get /notes/{uuid}',
      'post /notes/add',
      'post /notes/by-hand/{uuid}',
    ]);
  });

  it("takes each handler's schemas from its ZodPipes", () => {
    expect(route('post', '/notes/add')?.body).toBe(noteBody);
    expect(route('get', '/notes/list')?.query).toBe(pageQuery);
    expect(route('get', '/notes/list')?.isPublic).toBe(true);
    expect(route('get', '/notes/{uuid}')?.pathParams.get('uuid')).toBeInstanceOf(z.ZodString);
    expect(route('get', '/notes/{uuid}')?.namedQuery).toEqual(['verbose']);
    expect(route('get', '/notes/{uuid}')?.readsUncheckedInput).toBe(true);
    expect(route('post', '/notes/add')?.readsUncheckedInput).toBe(false);
    const byHand = route('post', '/notes/by-hand/{uuid}');
    expect(byHand).toMatchObject({ uncheckedBody: true, readsUncheckedInput: true, headers: ['x-mode'] });
    expect(byHand?.pathParams.get('uuid')).toBeUndefined();
  });

  it('documents registered schemas by reference and others inline, query schemas as parameters', () => {
    const document = buildOpenApiDocument(routes, 'test') as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.paths['/notes/add']?.post?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/CatalogSpecNote' } } },
    });
    expect(document.components.schemas.CatalogSpecNote).toMatchObject({ properties: { text: { maxLength: 10 } } });
    expect(document.paths['/notes/list']?.get?.parameters).toEqual([
      {
        name: 'page',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 },
      },
    ]);
    expect(document.paths['/notes/{uuid}']?.get?.parameters).toContainEqual({
      name: 'uuid',
      in: 'path',
      required: true,
      schema: { type: 'string', minLength: 4, maxLength: 4 },
    });
  });

  it('writes paths as OpenAPI does', () => {
    expect(openApiPath('/a/', ':b', 'c/:d_e')).toBe('/a/{b}/c/{d_e}');
    expect(openApiPath('', '')).toBe('/');
  });
});
