import { Controller, Get, NotFoundException, Res } from '@nestjs/common';
import type { Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Public } from '../../accounts/current-user.js';
import { ZodParam } from '../common/zod-pipe.js';
import { webRoot } from './web-files.js';
import { assetName, missingAsset } from './web.schemas.js';

/** The web page at `/` and its assets under `/assets/`, as built by `npm run build:web`. */
@Controller()
export class WebController {
  private readonly root = webRoot();

  @Public()
  @Get()
  index(@Res() response: Response): void {
    if (!existsSync(join(this.root, 'index.html'))) {
      response.status(404).type('text/plain').send('The web page is not built: run `npm run build` first.');
      return;
    }
    // The page names its assets by content hash: it must be fetched afresh, they may be kept for good.
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile('index.html', { root: this.root });
  }

  @Public()
  @Get('assets/:name')
  asset(@ZodParam('name', assetName, missingAsset) name: string, @Res() response: Response): void {
    if (!existsSync(join(this.root, 'assets', name))) throw new NotFoundException();
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.sendFile(name, { root: join(this.root, 'assets') });
  }
}
