import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { ZodBody, ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import { User, type CurrentUser } from '../accounts/current-user.js';
import { PromptService } from './prompt.service.js';
import {
  promptAutocompleteQuery,
  promptEditBody,
  promptIdParam,
  promptSaveBody,
  promptSearchQuery,
} from './prompt.schemas.js';

/** The prompt library (提示词), each user's own. */
@Controller('prompt')
export class PromptController {
  constructor(private readonly prompts: PromptService) {}

  @Get('my/search')
  async search(@User() user: CurrentUser, @ZodQuery(promptSearchQuery) q: z.output<typeof promptSearchQuery>) {
    return { success: true, data: await this.prompts.search(user, q.keyword.trim(), q.currentPage, q.pageSize) };
  }

  @Get('my/autocomplete')
  async autocomplete(
    @User() user: CurrentUser,
    @ZodQuery(promptAutocompleteQuery) { keyword }: z.output<typeof promptAutocompleteQuery>,
  ) {
    return { success: true, data: await this.prompts.autocomplete(user, keyword.trim()) };
  }

  @Post('save')
  @HttpCode(200)
  async save(@User() user: CurrentUser, @ZodBody(promptSaveBody) body: z.output<typeof promptSaveBody>) {
    return { success: true, data: await this.prompts.save(user, body.prompts) };
  }

  @Post('edit/:id')
  @HttpCode(200)
  async edit(
    @User() user: CurrentUser,
    @ZodParam('id', promptIdParam) id: string,
    @ZodBody(promptEditBody) body: z.output<typeof promptEditBody>,
  ) {
    return { success: true, data: await this.prompts.edit(user, id, body) };
  }

  @Post('del/:id')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @ZodParam('id', promptIdParam) id: string) {
    return { success: true, data: await this.prompts.remove(user, id) };
  }
}
