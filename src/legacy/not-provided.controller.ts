import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../accounts/current-user.js';
import { sseEvent } from '../platform/sse/sse-frames.js';
import {
  EMPTY_DRAW_LIST,
  EMPTY_PAGE,
  EMPTY_PAGE_NO_RECORDS,
  EMPTY_SEARCH_RECORDS,
  FeatureNotProvidedError,
} from './not-provided.js';

const ok = (data: unknown) => ({ success: true, data });

/**
 * The calls of the stock frontend's screens this product does not provide. Lists answer empty, so those screens
 * show "no data" instead of an error (and never a 401, which would log the user out); actions answer with
 * {@link FeatureNotProvidedError}; streams open and end with `[ERROR]`, so the page stops waiting.
 */
@Controller()
export class NotProvidedController {
  // MCP tools (the chat toolbar's tools chip and the /mcp page).
  @Get('user/mcp/list')
  userMcpList() {
    return ok(EMPTY_PAGE);
  }

  @Get('mcp/public/search')
  publicMcpSearch() {
    return ok(EMPTY_PAGE);
  }

  @Post('user/mcp/saveOrUpdate')
  @HttpCode(200)
  userMcpSave() {
    throw new FeatureNotProvidedError('MCP tools');
  }

  // Drawing and the gallery.
  @Get(['draw/list', 'draw/star/mine', 'draw/public/list'])
  drawList() {
    return ok(EMPTY_DRAW_LIST);
  }

  @Get('draw/comment/list/:uuid')
  drawComments() {
    return ok(EMPTY_PAGE);
  }

  @Get(['draw/detail/:uuid', 'draw/detail/:direction/:uuid'])
  drawDetail() {
    throw new FeatureNotProvidedError('Drawing');
  }

  @Post([
    'draw/generation',
    'draw/edit',
    'draw/variation',
    'draw/del/:uuid',
    'draw/set-public/:uuid',
    'draw/file/del/:fileUuid',
    'draw/public/image/:uuid/:imageUuid',
    'draw/public/thumnbnail/:uuid/:imageUuid',
    'draw/star/toggle/:uuid',
    'draw/comment/add',
  ])
  @HttpCode(200)
  drawAction() {
    throw new FeatureNotProvidedError('Drawing');
  }

  // Workflows (应用).
  // The workflow page opens the first of the user's workflows as soon as `records` is there, empty or not.
  @Get(['workflow/mine/search', 'workflow/public/search'])
  workflowSearch() {
    return ok(EMPTY_PAGE_NO_RECORDS);
  }

  @Get('workflow/runtime/page')
  workflowRuns() {
    return ok(EMPTY_PAGE);
  }

  @Get(['workflow/public/component/list', 'workflow/public/operators'])
  workflowCatalog() {
    return ok([]);
  }

  @Get('workflow/runtime/del/:uuid')
  workflowRuntimeDelete() {
    throw new FeatureNotProvidedError('Workflows');
  }

  @Post([
    'workflow/add',
    'workflow/copy/:uuid',
    'workflow/update',
    'workflow/del/:uuid',
    'workflow/set-public/:uuid',
    'workflow/base-info/update',
    'workflow/runtime/clear',
  ])
  @HttpCode(200)
  workflowAction() {
    throw new FeatureNotProvidedError('Workflows');
  }

  // Images and voice in the chat: the listed models take text only, so the image button never shows; voice
  // input and spoken answers need a speech model this server does not have.
  @Post(['image/upload', 'file/upload'])
  @HttpCode(200)
  upload() {
    throw new FeatureNotProvidedError('Image and voice upload');
  }

  @Post('file/del/:uuid')
  @HttpCode(200)
  deleteUpload() {
    throw new FeatureNotProvidedError('Image and voice upload');
  }

  @Get('conversation/message/text/:audioUuid')
  audioText() {
    throw new FeatureNotProvidedError('Voice messages');
  }

  // Password reset by e-mail: this server sends no mail.
  @Public()
  @Post('auth/password/forgot')
  @HttpCode(200)
  forgotPassword() {
    throw new FeatureNotProvidedError('Password reset by e-mail (ask an administrator to set a new password)');
  }

  // AI search.
  @Get('ai-search-record/list')
  searchRecords() {
    return ok(EMPTY_SEARCH_RECORDS);
  }

  @Post('ai-search-record/del/:uuid')
  @HttpCode(200)
  searchRecordDelete() {
    throw new FeatureNotProvidedError('AI search');
  }

  @Post('ai-search/process')
  searchStream(@Res() response: Response) {
    endStream(response, 'AI search');
  }

  @Post('workflow/run/:uuid')
  workflowStream(@Res() response: Response) {
    endStream(response, 'Workflows');
  }
}

/** A stream that says at once why there is nothing to stream; the stock client shows `[ERROR]`'s text. */
function endStream(response: Response, feature: string): void {
  const error = new FeatureNotProvidedError(feature);
  // writeHead, not set(): the stock client accepts exactly `text/event-stream`, without a charset.
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  response.end(sseEvent('[ERROR]', `${error.code}: ${error.message}`));
}
