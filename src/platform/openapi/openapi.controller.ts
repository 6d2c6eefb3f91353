import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Public } from '../../accounts/current-user.js';
import { ZodParam } from '../common/zod-pipe.js';
import { DOCS_ASSETS, DOCS_HTML, DOCS_INIT_SCRIPT, docsAsset } from './docs-page.js';
import { buildOpenApiDocument } from './openapi-document.js';
import { catalogRoutes } from './route-catalog.js';
import { assetName, missingAsset } from './openapi.schemas.js';

const APP_VERSION = '0.1.0';

/** `GET /openapi.json`: the API described, built at its first request. `GET /docs`: browse it. */
@Controller()
export class OpenApiController {
  /** Built at the first request, when every route is registered, and kept: routes do not change while running. */
  private document: Record<string, unknown> | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  @Public()
  @Get('openapi.json')
  openApi(): Record<string, unknown> {
    this.document ??= buildOpenApiDocument(catalogRoutes(this.discovery, this.scanner), APP_VERSION);
    return this.document;
  }

  /** The page's asset links are relative (so that it works behind a path prefix): `/docs/` is sent to `/docs`. */
  @Public()
  @Get('docs')
  docs(@Req() request: Request, @Res() response: Response): void {
    if (request.path.endsWith('/')) {
      response.redirect(301, '../docs');
      return;
    }
    response.type('text/html; charset=utf-8').send(DOCS_HTML);
  }

  @Public()
  @Get('docs/assets/:name')
  asset(@ZodParam('name', assetName, missingAsset) name: string, @Res() response: Response): void {
    if (name === 'init.js') {
      response.type('text/javascript; charset=utf-8').send(DOCS_INIT_SCRIPT);
      return;
    }
    const bytes = docsAsset(name);
    if (!bytes) throw new NotFoundException(`No such documentation asset: ${name}`);
    response.setHeader('Cache-Control', 'public, max-age=86400');
    response.type(DOCS_ASSETS[name]!).send(bytes);
  }
}
