import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { ZodQuery } from '../common/zod-pipe.js';
import { Public, User, type CurrentUser } from '../auth/current-user.js';
import { pagingQuery } from '../common/legacy-page.js';
import { KnowledgeSocialService } from './knowledge-social.service.js';

const searchQuery = z.object({ keyword: z.string().default(''), ...pagingQuery() });
const pageQuery = z.object(pagingQuery());
/** `maxVertexId` and `maxEdgeId` are accepted and ignored: the frontend asks once, for everything up to `limit`. */
const graphQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) });
const starQuery = z.object({ kbUuid: z.string().min(1, 'kbUuid names the knowledge base') });

/** The /qa sidebar's public and starred knowledge bases, and the item table's embeddings dialog. */
@Controller()
export class KnowledgeSocialController {
  constructor(private readonly social: KnowledgeSocialService) {}

  @Public()
  @Get('knowledge-base/public/search')
  async searchPublic(@ZodQuery(searchQuery) q: z.output<typeof searchQuery>) {
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
    @Param('itemUuid') itemUuid: string,
    @ZodQuery(pageQuery) q: z.output<typeof pageQuery>,
  ) {
    return { success: true, data: await this.social.chunks(user, itemUuid, q.currentPage, q.pageSize) };
  }

  @Get('knowledge-base-graph/list/:itemUuid')
  async graph(
    @User() user: CurrentUser,
    @Param('itemUuid') itemUuid: string,
    @ZodQuery(graphQuery) { limit }: z.output<typeof graphQuery>,
  ) {
    return { success: true, data: await this.social.graph(user, itemUuid, limit) };
  }
}
