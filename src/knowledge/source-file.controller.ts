import { Controller, Get, Headers, Res, UnauthorizedException } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import { AuthService } from '../accounts/auth.service.js';
import { Public } from '../accounts/current-user.js';
import { ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import { SourceFileStore } from './source-file.store.js';
import { FileNotFoundError } from './knowledge-errors.js';
import { downloadQuery, fileNameParam } from './source-file.schemas.js';

/**
 * Downloads of uploaded documents (the item table's 附件 link). The frontend previews text through `/api/file/…`
 * and other files at `/file/…` with `?token=`, so both paths are served and the token may come either way.
 * Bytes go out as an attachment that the browser may not sniff or run.
 */
@Controller()
export class SourceFileController {
  constructor(
    private readonly files: SourceFileStore,
    private readonly auth: AuthService,
  ) {}

  @Public()
  @Get(['file/:fileName', 'api/file/:fileName'])
  async download(
    @ZodParam('fileName', fileNameParam) fileName: string,
    @Headers('authorization') header: string | undefined,
    @ZodQuery(downloadQuery) query: z.output<typeof downloadQuery>,
    @Res() response: Response,
  ) {
    const user = await this.auth.userOfLink(header, query.token);
    if (!user) throw new UnauthorizedException();
    const file = await this.files.findReadable(fileName, user);
    if (!file) throw new FileNotFoundError(fileName);
    response
      .status(200)
      .type(file.ext || 'application/octet-stream')
      .attachment(file.name)
      .set({
        'Cache-Control': 'private, max-age=31536000',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': 'sandbox',
      })
      .send(file.data);
  }
}
