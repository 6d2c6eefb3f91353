import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { ZodBody, ZodQuery } from '../common/zod-pipe.js';
import { User, type CurrentUser } from '../auth/current-user.js';
import { pagingQuery } from '../common/legacy-page.js';
import { PresetService } from './preset.service.js';

/** The stock frontend sends `{keyword:""}`; the legacy server reads `title`. Both are accepted. */
const searchPaging = z.object(pagingQuery());
const searchBody = z.object({ title: z.string().optional(), keyword: z.string().optional() });
const relationQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) });
const useQuery = z.object({ presetUuid: z.string().min(1, 'presetUuid names the preset to use') });
const presetBody = z.object({
  title: z.string().trim().min(1, 'title must not be blank').max(45, 'title is at most 45 characters'),
  remark: z.string().default(''),
  aiSystemMessage: z.string().default(''),
});

@Controller()
export class PresetController {
  constructor(private readonly presets: PresetService) {}

  @Post('conversation-preset/search')
  @HttpCode(200)
  async search(
    @ZodQuery(searchPaging) paging: z.output<typeof searchPaging>,
    @ZodBody(searchBody) { title, keyword }: z.output<typeof searchBody>,
  ) {
    const data = await this.presets.search((title ?? keyword ?? '').trim(), paging.currentPage, paging.pageSize);
    return { success: true, data };
  }

  @Get('conversation-preset-rel/mine')
  async mine(@User() user: CurrentUser, @ZodQuery(relationQuery) query: z.output<typeof relationQuery>) {
    return { success: true, data: await this.presets.mine(user, query.limit) };
  }

  @Post('conversation/addByPreset')
  @HttpCode(200)
  async use(@User() user: CurrentUser, @ZodQuery(useQuery) query: z.output<typeof useQuery>) {
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
  async remove(@User() user: CurrentUser, @Param('uuid') uuid: string) {
    await this.presets.remove(user, uuid);
    return { success: true, data: true };
  }
}
