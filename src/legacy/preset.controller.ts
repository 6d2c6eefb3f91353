import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { ZodBody, ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import { User, type CurrentUser } from '../accounts/current-user.js';
import { PresetService } from './preset.service.js';
import {
  presetBody,
  presetRelationQuery,
  presetSearchBody,
  presetSearchQuery,
  presetUseQuery,
  presetUuidParam,
} from './preset.schemas.js';

@Controller()
export class PresetController {
  constructor(private readonly presets: PresetService) {}

  @Post('conversation-preset/search')
  @HttpCode(200)
  async search(
    @ZodQuery(presetSearchQuery) paging: z.output<typeof presetSearchQuery>,
    @ZodBody(presetSearchBody) { words }: z.output<typeof presetSearchBody>,
  ) {
    const data = await this.presets.search(words, paging.currentPage, paging.pageSize);
    return { success: true, data };
  }

  @Get('conversation-preset-rel/mine')
  async mine(@User() user: CurrentUser, @ZodQuery(presetRelationQuery) query: z.output<typeof presetRelationQuery>) {
    return { success: true, data: await this.presets.mine(user, query.limit) };
  }

  @Post('conversation/addByPreset')
  @HttpCode(200)
  async use(@User() user: CurrentUser, @ZodQuery(presetUseQuery) query: z.output<typeof presetUseQuery>) {
    return { success: true, data: await this.presets.use(user, query.presetUuid) };
  }

  /** Admins: a new preset, listed for everyone at once. */
  @Post('conversation-preset/add')
  @HttpCode(200)
  async create(@User() user: CurrentUser, @ZodBody(presetBody) body: z.output<typeof presetBody>) {
    return { success: true, data: await this.presets.create(user, body) };
  }

  /** Admins: removes a preset from the list; conversations started from it stay. */
  @Post('conversation-preset/del/:uuid')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @ZodParam('uuid', presetUuidParam) uuid: string) {
    await this.presets.remove(user, uuid);
    return { success: true, data: true };
  }
}
