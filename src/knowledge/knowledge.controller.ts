import { Controller, Get, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { z } from 'zod';
import { User, type CurrentUser } from '../auth/current-user.js';
import { InvalidParameterError } from '../common/app-error.js';
import { ZodBody, ZodParam, ZodQuery } from '../common/zod-pipe.js';
import type { KnowledgeBaseEntity } from '../database/entities/index.js';
import { GraphRepository } from './graph.repository.js';
import { IndexingService } from './indexing.service.js';
import { canRead, canWrite } from './knowledge-access.js';
import { toItemDto, toKnowledgeBaseDto } from './knowledge-dto.js';
import { KnowledgeRepository } from './knowledge.repository.js';
import { SourceFileStore } from './source-file.store.js';
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
import {
  ItemNotFoundError,
  KnowledgeBaseForbiddenError,
  KnowledgeBaseNotFoundError,
  UnsupportedFileError,
} from './knowledge-errors.js';

const TEXT_FILE = /\.(txt|md|markdown)$/i;
const MAX_FILE_NAME_CHARS = 250;

/** A new knowledge base or item is asked for with no id, an empty one, or the legacy "0". */
const isNew = (id: string | null | undefined) => id == null || id === '' || /^0+$/.test(id);

/**
 * The text of an uploaded document, or an error that says what is wrong with the file: not text at all
 * (binary), or text in another encoding than UTF-8.
 */
function documentText(name: string, bytes: Buffer): string {
  if (!TEXT_FILE.test(name)) {
    throw new UnsupportedFileError(
      `上传失败: "${name}" is not a text document. Only .txt and .md files are accepted; save it as plain text first.`,
    );
  }
  // NUL bytes (or many control characters) do not occur in text: an image, an archive, a PDF renamed to .txt …
  const sample = bytes.subarray(0, 8192);
  const controls = sample.filter((byte) => byte < 9 || (byte > 13 && byte < 32)).length;
  if (sample.includes(0) || controls > sample.length / 100) {
    throw new UnsupportedFileError(
      `上传失败: "${name}" is a binary file, not text. Upload a plain-text document (.txt or .md).`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new UnsupportedFileError(
      `上传失败: "${name}" is not UTF-8 text (perhaps GBK or Latin-1). Save it with UTF-8 encoding and upload it again.`,
    );
  }
}

/** Knowledge bases and their items, with the legacy paths and shapes. */
@Controller()
export class KnowledgeController {
  constructor(
    private readonly knowledge: KnowledgeRepository,
    private readonly indexing: IndexingService,
    private readonly graphs: GraphRepository,
    private readonly sourceFiles: SourceFileStore,
  ) {}

  @Post('knowledge-base/saveOrUpdate')
  @HttpCode(200)
  async saveBase(@User() user: CurrentUser, @ZodBody(knowledgeBaseBody) fields: z.output<typeof knowledgeBaseBody>) {
    const changes = {
      ...(fields.title !== undefined ? { title: fields.title } : {}),
      ...(fields.remark != null ? { remark: fields.remark } : {}),
      ...(fields.isPublic != null ? { isPublic: fields.isPublic } : {}),
      ...(fields.isStrict != null ? { isStrict: fields.isStrict } : {}),
      ...(fields.retrieveMaxResults != null ? { retrieveMaxResults: fields.retrieveMaxResults } : {}),
      ...(fields.retrieveMinScore != null ? { retrieveMinScore: fields.retrieveMinScore } : {}),
      ...(fields.ingestMaxSegment != null ? { ingestMaxSegment: fields.ingestMaxSegment } : {}),
      ...(fields.ingestMaxOverlap != null ? { ingestMaxOverlap: fields.ingestMaxOverlap } : {}),
    };
    if (isNew(fields.id)) {
      if (!fields.title) throw new InvalidParameterError('title: a new knowledge base needs a title');
      const created = await this.knowledge.createBase({
        ...changes,
        title: fields.title,
        ownerId: user.id,
        ownerUuid: user.uuid,
        ownerName: user.name,
      });
      return { success: true, data: toKnowledgeBaseDto(created) };
    }
    const [base] = await this.knowledge.findBasesByIds([fields.id!]);
    if (!base || !canRead(base, user)) throw new KnowledgeBaseNotFoundError(fields.id!);
    if (!canWrite(base, user)) throw new KnowledgeBaseForbiddenError(base.title);
    return { success: true, data: toKnowledgeBaseDto(await this.knowledge.saveBase(Object.assign(base, changes))) };
  }

  @Get('knowledge-base/info/:uuid')
  async info(@User() user: CurrentUser, @ZodParam('uuid', kbUuidParam) uuid: string) {
    return { success: true, data: toKnowledgeBaseDto(await this.readable(uuid, user)) };
  }

  @Post('knowledge-base/del/:uuid')
  @HttpCode(200)
  async deleteBase(@User() user: CurrentUser, @ZodParam('uuid', kbUuidParam) uuid: string) {
    const base = await this.writable(uuid, user);
    await this.knowledge.saveBase(Object.assign(base, { isDeleted: true }));
    return { success: true, data: true };
  }

  /** The caller's knowledge bases, and others' public ones with `includeOthersPublic=true`; every one, for an admin. */
  @Get('knowledge-base/mine/search')
  async searchMine(
    @User() user: CurrentUser,
    @ZodQuery(knowledgeBaseSearchQuery) q: z.output<typeof knowledgeBaseSearchQuery>,
  ) {
    const page = await this.knowledge.searchBases(
      {
        keyword: q.keyword,
        ownerId: user.id,
        othersPublic: q.includeOthersPublic === 'true',
        everything: user.isAdmin,
      },
      q.currentPage,
      q.pageSize,
    );
    return { success: true, data: { ...page, records: page.records.map(toKnowledgeBaseDto) } };
  }

  @Get('knowledge-base-item/search')
  async searchItems(@User() user: CurrentUser, @ZodQuery(itemSearchQuery) q: z.output<typeof itemSearchQuery>) {
    await this.readable(q.kbUuid, user);
    const page = await this.knowledge.searchItems(q.kbUuid, q.keyword, q.currentPage, q.pageSize);
    return { success: true, data: { ...page, records: page.records.map(toItemDto) } };
  }

  /** Adds an item by its text, or changes one; a changed text is indexed again by the next indexing request. */
  @Post('knowledge-base-item/saveOrUpdate')
  @HttpCode(200)
  async saveItem(@User() user: CurrentUser, @ZodBody(itemBody) fields: z.output<typeof itemBody>) {
    const base = await this.writable(fields.kbUuid, user);
    if (isNew(fields.id) && !fields.uuid) {
      return { success: true, data: toItemDto(await this.knowledge.createItem(base, fields)) };
    }
    const item = fields.uuid
      ? await this.knowledge.findItem(fields.uuid)
      : await this.knowledge.findItemById(fields.id!);
    if (!item || item.kbUuid !== base.uuid) throw new ItemNotFoundError(fields.uuid ?? String(fields.id));
    Object.assign(item, { title: fields.title, remark: fields.remark, brief: fields.remark.slice(0, 200) });
    return { success: true, data: toItemDto(await this.knowledge.saveItem(item)) };
  }

  @Post('knowledge-base-item/del/:uuid')
  @HttpCode(200)
  async deleteItem(@User() user: CurrentUser, @ZodParam('uuid', itemUuidParam) uuid: string) {
    const item = await this.knowledge.findItem(uuid);
    if (!item) throw new ItemNotFoundError(uuid);
    await this.writable(item.kbUuid, user);
    await this.knowledge.deleteItem(item);
    return { success: true, data: true };
  }

  /**
   * One file (form field `file`) becomes one item: .txt and .md in UTF-8 are read as text; a binary file, text
   * in another encoding, or another type is refused, each with a message of its own.
   */
  @Post('knowledge-base/upload/:kbUuid')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES } }))
  async upload(
    @User() user: CurrentUser,
    @ZodParam('kbUuid', kbUuidParam) kbUuid: string,
    @ZodQuery(uploadQuery) query: z.output<typeof uploadQuery>,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    const base = await this.writable(kbUuid, user);
    if (!file) throw new InvalidParameterError('file: send the document as the multipart form field "file"');
    const name = Buffer.from(file.originalname, 'latin1').toString('utf8');
    if (name.length > MAX_FILE_NAME_CHARS || name.includes('\0')) {
      throw new InvalidParameterError(
        `file: the file name must be at most ${MAX_FILE_NAME_CHARS} characters, without NUL; rename the file`,
      );
    }
    const text = documentText(name, file.buffer);
    if (text.trim() === '') throw new InvalidParameterError(`file: "${name}" is empty`);
    const item = await this.knowledge.createItem(base, { title: name, remark: text, sourceFileName: name });
    await this.sourceFiles.keep(user.id, item, { name, contentType: file.mimetype, data: file.buffer });
    if (query.indexAfterUpload === 'true') await this.indexing.start(user.id, base, [item]);
    return { success: true, data: { uuid: item.uuid, name, ext: name.split('.').pop(), item: toItemDto(item) } };
  }

  @Post('knowledge-base/item/indexing-list')
  @HttpCode(200)
  async indexItems(
    @User() user: CurrentUser,
    @ZodBody(indexingBody) { uuids, indexTypes }: z.output<typeof indexingBody>,
  ) {
    const types = (['embedding', 'graphical'] as const).filter((type) => indexTypes.includes(type));
    const items = await this.knowledge.findItems(uuids);
    if (items.length !== new Set(uuids).size)
      throw new ItemNotFoundError(uuids.find((uuid) => !items.some((i) => i.uuid === uuid))!);
    const bases = new Map<string, KnowledgeBaseEntity>();
    for (const item of items)
      if (!bases.has(item.kbUuid)) bases.set(item.kbUuid, await this.writable(item.kbUuid, user));
    for (const [kbUuid, base] of bases) {
      await this.indexing.start(
        user.id,
        base,
        items.filter((item) => item.kbUuid === kbUuid),
        types,
      );
    }
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
    const base = await this.writable(kbUuid, user);
    return { success: true, data: await this.graphs.addTriples(base.uuid, triples) };
  }

  @Get('knowledge-base/graph/:kbUuid')
  async graph(@User() user: CurrentUser, @ZodParam('kbUuid', kbUuidParam) kbUuid: string) {
    const base = await this.readable(kbUuid, user);
    return { success: true, data: await this.graphs.graphOf(base.uuid) };
  }

  /** True once none of the caller's indexing jobs is queued or running, on any instance. */
  @Get('knowledge-base/indexing/check')
  async check(@User() user: CurrentUser) {
    return { success: true, data: await this.indexing.isDone(user.id) };
  }

  private async readable(uuid: string, user: CurrentUser): Promise<KnowledgeBaseEntity> {
    const base = await this.knowledge.findBase(uuid);
    if (!base || !canRead(base, user)) throw new KnowledgeBaseNotFoundError(uuid);
    return base;
  }

  private async writable(uuid: string, user: CurrentUser): Promise<KnowledgeBaseEntity> {
    const base = await this.readable(uuid, user);
    if (!canWrite(base, user)) throw new KnowledgeBaseForbiddenError(base.title);
    return base;
  }
}
