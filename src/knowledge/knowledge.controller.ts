import { Controller, Get, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { z } from 'zod';
import { User, type CurrentUser } from '../accounts/current-user.js';
import { ZodBody, ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import { toItemDto, toKnowledgeBaseDto } from './knowledge-dto.js';
import {
  indexingBody,
  itemBody,
  itemSearchQuery,
  itemUuidParam,
  kbUuidParam,
  knowledgeBaseBody,
  knowledgeBaseSearchQuery,
  MAX_UPLOAD_BYTES,
  triplesBody,
  uploadQuery,
} from './knowledge.schemas.js';
import { KnowledgeService } from './knowledge.service.js';

/** Knowledge bases and their items, with the legacy paths and shapes. */
@Controller()
export class KnowledgeController {
  constructor(private readonly knowledge: KnowledgeService) {}

  @Post('knowledge-base/saveOrUpdate')
  @HttpCode(200)
  async saveBase(@User() user: CurrentUser, @ZodBody(knowledgeBaseBody) fields: z.output<typeof knowledgeBaseBody>) {
    return { success: true, data: toKnowledgeBaseDto(await this.knowledge.saveBase(user, fields)) };
  }

  @Get('knowledge-base/info/:uuid')
  async info(@User() user: CurrentUser, @ZodParam('uuid', kbUuidParam) uuid: string) {
    return { success: true, data: toKnowledgeBaseDto(await this.knowledge.readable(uuid, user)) };
  }

  @Post('knowledge-base/del/:uuid')
  @HttpCode(200)
  async deleteBase(@User() user: CurrentUser, @ZodParam('uuid', kbUuidParam) uuid: string) {
    await this.knowledge.deleteBase(user, uuid);
    return { success: true, data: true };
  }

  /** The caller's knowledge bases, and others' public ones with `includeOthersPublic=true`; every one, for an admin. */
  @Get('knowledge-base/mine/search')
  async searchMine(
    @User() user: CurrentUser,
    @ZodQuery(knowledgeBaseSearchQuery) q: z.output<typeof knowledgeBaseSearchQuery>,
  ) {
    const othersPublic = q.includeOthersPublic === 'true';
    const page = await this.knowledge.searchBases(user, q.keyword, othersPublic, q.currentPage, q.pageSize);
    return { success: true, data: { ...page, records: page.records.map(toKnowledgeBaseDto) } };
  }

  @Get('knowledge-base-item/search')
  async searchItems(@User() user: CurrentUser, @ZodQuery(itemSearchQuery) q: z.output<typeof itemSearchQuery>) {
    const page = await this.knowledge.searchItems(user, q.kbUuid, q.keyword, q.currentPage, q.pageSize);
    return { success: true, data: { ...page, records: page.records.map(toItemDto) } };
  }

  @Post('knowledge-base-item/saveOrUpdate')
  @HttpCode(200)
  async saveItem(@User() user: CurrentUser, @ZodBody(itemBody) fields: z.output<typeof itemBody>) {
    return { success: true, data: toItemDto(await this.knowledge.saveItem(user, fields)) };
  }

  @Post('knowledge-base-item/del/:uuid')
  @HttpCode(200)
  async deleteItem(@User() user: CurrentUser, @ZodParam('uuid', itemUuidParam) uuid: string) {
    await this.knowledge.deleteItem(user, uuid);
    return { success: true, data: true };
  }

  /** One file (form field `file`) becomes one item. */
  @Post('knowledge-base/upload/:kbUuid')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES } }))
  async upload(
    @User() user: CurrentUser,
    @ZodParam('kbUuid', kbUuidParam) kbUuid: string,
    @ZodQuery(uploadQuery) query: z.output<typeof uploadQuery>,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    const document = file && { originalName: file.originalname, contentType: file.mimetype, data: file.buffer };
    const { item, name } = await this.knowledge.upload(user, kbUuid, document, query.indexAfterUpload === 'true');
    return { success: true, data: { uuid: item.uuid, name, ext: name.split('.').pop(), item: toItemDto(item) } };
  }

  @Post('knowledge-base/item/indexing-list')
  @HttpCode(200)
  async indexItems(
    @User() user: CurrentUser,
    @ZodBody(indexingBody) { uuids, indexTypes }: z.output<typeof indexingBody>,
  ) {
    await this.knowledge.indexItems(user, uuids, indexTypes);
    return { success: true, data: true };
  }

  /** Adds facts (two entities and their relation) to a knowledge base's graph. */
  @Post('knowledge-base/graph/:kbUuid/triples')
  @HttpCode(200)
  async addTriples(
    @User() user: CurrentUser,
    @ZodParam('kbUuid', kbUuidParam) kbUuid: string,
    @ZodBody(triplesBody) { triples }: z.output<typeof triplesBody>,
  ) {
    return { success: true, data: await this.knowledge.addTriples(user, kbUuid, triples) };
  }

  @Get('knowledge-base/graph/:kbUuid')
  async graph(@User() user: CurrentUser, @ZodParam('kbUuid', kbUuidParam) kbUuid: string) {
    return { success: true, data: await this.knowledge.graph(user, kbUuid) };
  }

  /** True once none of the caller's indexing jobs is queued or running, on any instance. */
  @Get('knowledge-base/indexing/check')
  async check(@User() user: CurrentUser) {
    // `data` stays the legacy flag (truthy: finished); `progress` is for clients that show how far indexing is.
    const [done, progress] = await Promise.all([
      this.knowledge.isIndexingDone(user),
      this.knowledge.indexingProgress(user),
    ]);
    return { success: true, data: done, progress };
  }
}
