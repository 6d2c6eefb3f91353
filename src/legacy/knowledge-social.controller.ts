import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import { Public, User, type CurrentUser } from '../accounts/current-user.js';
import { KnowledgeSocialService } from './knowledge-social.service.js';
import { itemGraphQuery, pageQuery, publicSearchQuery, starQuery } from './knowledge-social.schemas.js';
import { itemUuidParam } from '../knowledge/knowledge.schemas.js';

/** The /qa sidebar's public and starred knowledge bases, and the item table's embeddings dialog. */
@Controller()
export class KnowledgeSocialController {
  constructor(private readonly social: KnowledgeSocialService) {}

  @Public()
  @Get('knowledge-base/public/search')
  async searchPublic(@ZodQuery(publicSearchQuery) q: z.output<typeof publicSearchQuery>) {
    return { success: true, data: await this.social.searchPublic(q.keyword.trim(), q.currentPage, q.pageSize) };
  }

  @Get('knowledge-base/star/mine')
  async starred(@User() user: CurrentUser, @ZodQuery(pageQuery) q: z.output<typeof pageQuery>) {
    return { success: true, data: await this.social.starred(user, q.currentPage, q.pageSize) };
  }

  /** `data`: whether the base is starred now. */
  @Post('knowledge-base/star/toggle')
  @HttpCode(200)
  async toggleStar(@User() user: CurrentUser, @ZodQuery(starQuery) query: z.output<typeof starQuery>) {
    return { success: true, data: await this.social.toggleStar(user, query.kbUuid) };
  }

  @Get('knowledge-base-embedding/list/:itemUuid')
  async chunks(
    @User() user: CurrentUser,
    @ZodParam('itemUuid', itemUuidParam) itemUuid: string,
    @ZodQuery(pageQuery) q: z.output<typeof pageQuery>,
  ) {
    return { success: true, data: await this.social.chunks(user, itemUuid, q.currentPage, q.pageSize) };
  }

  @Get('knowledge-base-graph/list/:itemUuid')
  async graph(
    @User() user: CurrentUser,
    @ZodParam('itemUuid', itemUuidParam) itemUuid: string,
    @ZodQuery(itemGraphQuery) { limit }: z.output<typeof itemGraphQuery>,
  ) {
    return { success: true, data: await this.social.graph(user, itemUuid, limit) };
  }
}
