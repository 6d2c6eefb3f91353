import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { CurrentUser } from '../accounts/current-user.js';
import { InvalidParameterError } from '../platform/common/app-error.js';
import type { KnowledgeBaseEntity, KnowledgeBaseItemEntity } from '../platform/database/entities/index.js';
import { documentText } from './document-text.js';
import { GraphRepository } from './graph.repository.js';
import { IndexingService } from './indexing.service.js';
import { canRead, canWrite } from './knowledge-access.js';
import { ItemNotFoundError, KnowledgeBaseForbiddenError, KnowledgeBaseNotFoundError } from './knowledge-errors.js';
import { KnowledgeRepository } from './knowledge.repository.js';
import type { indexingBody, itemBody, knowledgeBaseBody, triplesBody } from './knowledge.schemas.js';
import { SourceFileStore } from './source-file.store.js';

const MAX_FILE_NAME_CHARS = 250;

/** A new knowledge base or item is asked for with no id, an empty one, or the legacy "0". */
const isNew = (id: string | null | undefined) => id == null || id === '' || /^0+$/.test(id);

/** An uploaded file as the HTTP layer received it. */
export interface UploadedDocument {
  /** The name as sent: multipart names arrive as latin1-decoded UTF-8 bytes. */
  originalName: string;
  contentType: string;
  data: Buffer;
}

/** The rules of knowledge bases and their items: who may read and change them, what a document must be. */
@Injectable()
export class KnowledgeService {
  constructor(
    private readonly knowledge: KnowledgeRepository,
    private readonly indexing: IndexingService,
    private readonly graphs: GraphRepository,
    private readonly sourceFiles: SourceFileStore,
  ) {}

  /** Creates a knowledge base (no id, or "0") or changes one the user may write; an id that names none is not found. */
  async saveBase(user: CurrentUser, fields: z.output<typeof knowledgeBaseBody>): Promise<KnowledgeBaseEntity> {
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
      return this.knowledge.createBase({
        ...changes,
        title: fields.title,
        ownerId: user.id,
        ownerUuid: user.uuid,
        ownerName: user.name,
      });
    }
    const [base] = await this.knowledge.findBasesByIds([fields.id!]);
    if (!base || !canRead(base, user)) throw new KnowledgeBaseNotFoundError(fields.id!);
    if (!canWrite(base, user)) throw new KnowledgeBaseForbiddenError(base.title);
    return this.knowledge.saveBase(Object.assign(base, changes));
  }

  async deleteBase(user: CurrentUser, uuid: string): Promise<void> {
    const base = await this.writable(uuid, user);
    await this.knowledge.saveBase(Object.assign(base, { isDeleted: true }));
  }

  /** The caller's knowledge bases, and others' public ones when asked; every one, for an admin. */
  searchBases(user: CurrentUser, keyword: string, othersPublic: boolean, currentPage: number, pageSize: number) {
    return this.knowledge.searchBases(
      { keyword, ownerId: user.id, othersPublic, everything: user.isAdmin },
      currentPage,
      pageSize,
    );
  }

  async searchItems(user: CurrentUser, kbUuid: string, keyword: string, currentPage: number, pageSize: number) {
    await this.readable(kbUuid, user);
    return this.knowledge.searchItems(kbUuid, keyword, currentPage, pageSize);
  }

  /** Adds an item by its text, or changes one; a changed text is indexed again by the next indexing request. */
  async saveItem(user: CurrentUser, fields: z.output<typeof itemBody>): Promise<KnowledgeBaseItemEntity> {
    const base = await this.writable(fields.kbUuid, user);
    if (isNew(fields.id) && !fields.uuid) return this.knowledge.createItem(base, fields);
    const item = fields.uuid
      ? await this.knowledge.findItem(fields.uuid)
      : await this.knowledge.findItemById(fields.id!);
    if (!item || item.kbUuid !== base.uuid) throw new ItemNotFoundError(fields.uuid ?? String(fields.id));
    Object.assign(item, { title: fields.title, remark: fields.remark, brief: fields.remark.slice(0, 200) });
    return this.knowledge.saveItem(item);
  }

  async deleteItem(user: CurrentUser, uuid: string): Promise<void> {
    const item = await this.knowledge.findItem(uuid);
    if (!item) throw new ItemNotFoundError(uuid);
    await this.writable(item.kbUuid, user);
    await this.knowledge.deleteItem(item);
  }

  /**
   * One file becomes one item: .txt and .md in UTF-8 are read as text; a binary file, text in another encoding,
   * or another type is refused, each with a message of its own.
   */
  async upload(
    user: CurrentUser,
    kbUuid: string,
    file: UploadedDocument | undefined,
    indexAfterUpload: boolean,
  ): Promise<{ item: KnowledgeBaseItemEntity; name: string }> {
    const base = await this.writable(kbUuid, user);
    if (!file) throw new InvalidParameterError('file: send the document as the multipart form field "file"');
    const name = Buffer.from(file.originalName, 'latin1').toString('utf8');
    if (name.length > MAX_FILE_NAME_CHARS || name.includes('\0')) {
      throw new InvalidParameterError(
        `file: the file name must be at most ${MAX_FILE_NAME_CHARS} characters, without NUL; rename the file`,
      );
    }
    const text = documentText(name, file.data);
    if (text.trim() === '') throw new InvalidParameterError(`file: "${name}" is empty`);
    const item = await this.knowledge.createItem(base, { title: name, remark: text, sourceFileName: name });
    await this.sourceFiles.keep(user.id, item, { name, contentType: file.contentType, data: file.data });
    if (indexAfterUpload) await this.indexing.start(user.id, base, [item]);
    return { item, name };
  }

  /** Queues the items for indexing, one job per knowledge base; every item must exist and be the user's to change. */
  async indexItems(
    user: CurrentUser,
    uuids: readonly string[],
    indexTypes: z.output<typeof indexingBody>['indexTypes'],
  ): Promise<void> {
    const types = (['embedding', 'graphical'] as const).filter((type) => indexTypes.includes(type));
    const items = await this.knowledge.findItems([...uuids]);
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
  }

  /** Adds facts (two entities and their relation) to a knowledge base's graph. */
  async addTriples(user: CurrentUser, kbUuid: string, triples: z.output<typeof triplesBody>['triples']) {
    const base = await this.writable(kbUuid, user);
    return this.graphs.addTriples(base.uuid, triples);
  }

  async graph(user: CurrentUser, kbUuid: string) {
    const base = await this.readable(kbUuid, user);
    return this.graphs.graphOf(base.uuid);
  }

  /** True once none of the user's indexing jobs is queued or running, on any instance. */
  isIndexingDone(user: CurrentUser): Promise<boolean> {
    return this.indexing.isDone(user.id);
  }

  indexingProgress(user: CurrentUser) {
    return this.indexing.progress(user.id);
  }

  async readable(uuid: string, user: CurrentUser): Promise<KnowledgeBaseEntity> {
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
