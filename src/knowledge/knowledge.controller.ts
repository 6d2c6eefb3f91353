import { Body, Controller, Get, HttpCode, Param, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { z } from 'zod';
import { User, type CurrentUser } from '../auth/current-user.js';
import { AppError, InvalidParameterError } from '../common/app-error.js';
import { describeIssues } from '../conversation/ask-request.js';
import type { KnowledgeBaseEntity } from '../database/entities/index.js';
import { GraphRepository } from './graph.repository.js';
import { IndexingService } from './indexing.service.js';
import { canRead, canWrite, KnowledgeBaseForbiddenError, KnowledgeBaseNotFoundError } from './knowledge-access.js';
import { toItemDto, toKnowledgeBaseDto } from './knowledge-dto.js';
import { KnowledgeRepository } from './knowledge.repository.js';
import { SourceFileStore } from './source-file.store.js';

class UnsupportedFileError extends AppError {
  readonly code = 'A0018';
  constructor(name: string) {
    super(
      `上传失败: "${name}" cannot be read. Only .txt and .md files are accepted; save the document as plain text first.`,
    );
  }
}

class ItemNotFoundError extends AppError {
  readonly code = 'A0019';
  constructor(uuid: string) {
    super(`Knowledge-base item ${uuid} does not exist, or is in someone else's private knowledge base.`);
  }
}

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const TEXT_FILE = /\.(txt|md|markdown)$/i;

const pageQuery = {
  keyword: z.string().default(''),
  currentPage: z.coerce.number().int().min(1, 'currentPage starts at 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100').default(10),
};

const baseBody = z.object({
  id: z.union([z.string(), z.number()]).transform(String).nullish(),
  title: z.string().trim().min(1, 'title must not be blank').max(250).optional(),
  remark: z.string().nullish(),
  isPublic: z.boolean().nullish(),
  isStrict: z.boolean().nullish(),
  retrieveMaxResults: z.number().int().min(0).max(50).nullish(),
  retrieveMinScore: z.number().min(0).max(1).nullish(),
  ingestMaxOverlap: z.number().int().min(0).nullish(),
});

const itemBody = z.object({
  id: z.union([z.string(), z.number()]).transform(String).nullish(),
  uuid: z.string().nullish(),
  kbUuid: z.string().min(1, 'kbUuid names the knowledge base to add to'),
  title: z.string().trim().min(1, 'title must not be blank').max(250),
  remark: z.string().min(1, 'remark (the text) must not be empty'),
});

const indexingBody = z.object({
  uuids: z.array(z.string()).min(1, 'uuids lists the items to index'),
  indexTypes: z
    .array(z.string())
    .default(['embedding'])
    .refine((types) => types.some((type) => type === 'embedding' || type === 'graphical'), {
      message: 'indexTypes lists "embedding" and/or "graphical"',
    }),
});

const entity = z.object({
  name: z.string().trim().min(1, 'an entity needs a name').max(250),
  label: z.string().max(64).optional(),
  description: z.string().optional(),
});
const triplesBody = z.object({
  triples: z
    .array(
      z.object({
        source: entity,
        relation: z.object({
          label: z.string().trim().min(1, 'a relation needs a label').max(64),
          description: z.string().optional(),
          weight: z.number().optional(),
        }),
        target: entity,
      }),
    )
    .min(1, 'triples lists at least one fact'),
});

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new InvalidParameterError(describeIssues(parsed.error));
  return parsed.data;
}

const isNew = (id: string | null | undefined) => !id || !(Number(id) >= 1);

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
  async saveBase(@User() user: CurrentUser, @Body() body: unknown) {
    const fields = parse(baseBody, body);
    const changes = {
      ...(fields.title !== undefined ? { title: fields.title } : {}),
      ...(fields.remark != null ? { remark: fields.remark } : {}),
      ...(fields.isPublic != null ? { isPublic: fields.isPublic } : {}),
      ...(fields.isStrict != null ? { isStrict: fields.isStrict } : {}),
      ...(fields.retrieveMaxResults != null ? { retrieveMaxResults: fields.retrieveMaxResults } : {}),
      ...(fields.retrieveMinScore != null ? { retrieveMinScore: fields.retrieveMinScore } : {}),
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
  async info(@User() user: CurrentUser, @Param('uuid') uuid: string) {
    return { success: true, data: toKnowledgeBaseDto(await this.readable(uuid, user)) };
  }

  @Post('knowledge-base/del/:uuid')
  @HttpCode(200)
  async deleteBase(@User() user: CurrentUser, @Param('uuid') uuid: string) {
    const base = await this.writable(uuid, user);
    await this.knowledge.saveBase(Object.assign(base, { isDeleted: true }));
    return { success: true, data: true };
  }

  /** The caller's knowledge bases, and others' public ones with `includeOthersPublic=true`; every one, for an admin. */
  @Get('knowledge-base/mine/search')
  async searchMine(@User() user: CurrentUser, @Query() query: unknown) {
    const q = parse(z.object({ ...pageQuery, includeOthersPublic: z.enum(['true', 'false']).default('false') }), query);
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
  async searchItems(@User() user: CurrentUser, @Query() query: unknown) {
    const q = parse(z.object({ ...pageQuery, kbUuid: z.string().min(1, 'kbUuid names the knowledge base') }), query);
    await this.readable(q.kbUuid, user);
    const page = await this.knowledge.searchItems(q.kbUuid, q.keyword, q.currentPage, q.pageSize);
    return { success: true, data: { ...page, records: page.records.map(toItemDto) } };
  }

  /** Adds an item by its text, or changes one; a changed text is indexed again by the next indexing request. */
  @Post('knowledge-base-item/saveOrUpdate')
  @HttpCode(200)
  async saveItem(@User() user: CurrentUser, @Body() body: unknown) {
    const fields = parse(itemBody, body);
    const base = await this.writable(fields.kbUuid, user);
    if (isNew(fields.id) && !fields.uuid) {
      return { success: true, data: toItemDto(await this.knowledge.createItem(base, fields)) };
    }
    const item = fields.uuid ? await this.knowledge.findItem(fields.uuid) : null;
    if (!item || item.kbUuid !== base.uuid) throw new ItemNotFoundError(fields.uuid ?? String(fields.id));
    Object.assign(item, { title: fields.title, remark: fields.remark, brief: fields.remark.slice(0, 200) });
    return { success: true, data: toItemDto(await this.knowledge.saveItem(item)) };
  }

  @Post('knowledge-base-item/del/:uuid')
  @HttpCode(200)
  async deleteItem(@User() user: CurrentUser, @Param('uuid') uuid: string) {
    const item = await this.knowledge.findItem(uuid);
    if (!item) throw new ItemNotFoundError(uuid);
    await this.writable(item.kbUuid, user);
    await this.knowledge.deleteItem(item);
    return { success: true, data: true };
  }

  /** One file (form field `file`) becomes one item: .txt and .md are read as text, anything else is refused. */
  @Post('knowledge-base/upload/:kbUuid')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES } }))
  async upload(
    @User() user: CurrentUser,
    @Param('kbUuid') kbUuid: string,
    @Query('indexAfterUpload') indexAfterUpload: string | undefined,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    const base = await this.writable(kbUuid, user);
    if (!file) throw new InvalidParameterError('file: send the document as the multipart form field "file"');
    const name = Buffer.from(file.originalname, 'latin1').toString('utf8');
    if (!TEXT_FILE.test(name)) throw new UnsupportedFileError(name);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true })
        .decode(file.buffer)
        .replace(/^\uFEFF/, '')
        .replaceAll('\0', '');
    } catch {
      throw new UnsupportedFileError(name);
    }
    if (text.trim() === '') throw new InvalidParameterError(`file: "${name}" is empty`);
    const item = await this.knowledge.createItem(base, { title: name, remark: text, sourceFileName: name });
    await this.sourceFiles.keep(user.id, item, { name, contentType: file.mimetype, data: file.buffer });
    if (indexAfterUpload === 'true') await this.indexing.start(user.id, base, [item]);
    return { success: true, data: { uuid: item.uuid, name, ext: name.split('.').pop(), item: toItemDto(item) } };
  }

  @Post('knowledge-base/item/indexing-list')
  @HttpCode(200)
  async indexItems(@User() user: CurrentUser, @Body() body: unknown) {
    const { uuids, indexTypes } = parse(indexingBody, body);
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
  async addTriples(@User() user: CurrentUser, @Param('kbUuid') kbUuid: string, @Body() body: unknown) {
    const base = await this.writable(kbUuid, user);
    const { triples } = parse(triplesBody, body);
    return { success: true, data: await this.graphs.addTriples(base.uuid, triples) };
  }

  @Get('knowledge-base/graph/:kbUuid')
  async graph(@User() user: CurrentUser, @Param('kbUuid') kbUuid: string) {
    const base = await this.readable(kbUuid, user);
    return { success: true, data: await this.graphs.graphOf(base.uuid) };
  }

  /** True once none of the caller's indexing jobs is running. */
  @Get('knowledge-base/indexing/check')
  check(@User() user: CurrentUser) {
    return { success: true, data: !this.indexing.isIndexing(user.id) };
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
