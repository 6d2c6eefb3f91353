import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { In, type DataSource, type Repository } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import {
  KnowledgeBaseEntity,
  KnowledgeBaseItemEntity,
  KnowledgeChunkEntity,
} from '../platform/database/entities/index.js';
import type { IndexingStatus } from '../platform/database/entities/knowledge.entity.js';
import { newUuid } from '../platform/common/ids.js';
import type { PreparedChunk } from './chunk-in-slices.js';

/**
 * Chunks written per statement. Each statement sends four arrays (`unnest`), not parameters per row, so
 * PostgreSQL's limit of 65,535 parameters is never near. The batch bounds one statement's time: the embedded
 * database runs each statement on the event loop, so a short statement keeps other requests waiting briefly.
 */
const CHUNKS_PER_INSERT = 50;
import { EntitySelect } from '../platform/database/entity-select.js';

/** What indexing builds: chunks for retrieval (`embedding`, the legacy name), or graph facts (`graphical`). */
export type IndexType = 'embedding' | 'graphical';

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

@Injectable()
export class KnowledgeRepository {
  private readonly bases: Repository<KnowledgeBaseEntity>;
  private readonly items: Repository<KnowledgeBaseItemEntity>;
  /** Every question reads its conversation's bases: one prepared statement text, found by primary key. */
  private readonly basesByIds: EntitySelect<KnowledgeBaseEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
    this.bases = dataSource.getRepository(KnowledgeBaseEntity);
    this.items = dataSource.getRepository(KnowledgeBaseItemEntity);
    this.basesByIds = new EntitySelect(this.bases, '"id" = ANY($1::bigint[]) AND NOT "is_deleted"');
  }

  findBase(uuid: string): Promise<KnowledgeBaseEntity | null> {
    return this.bases.findOneBy({ uuid, isDeleted: false });
  }

  /** The bases behind `ids`; ids that are not numbers (a client's mistake) name none. */
  findBasesByIds(ids: readonly string[]): Promise<KnowledgeBaseEntity[]> {
    const numeric = ids.filter((id) => /^\d{1,18}$/.test(id));
    return numeric.length === 0 ? Promise.resolve([]) : this.basesByIds.many([numeric]);
  }

  createBase(
    fields: Partial<KnowledgeBaseEntity> & Pick<KnowledgeBaseEntity, 'title' | 'ownerId' | 'ownerUuid' | 'ownerName'>,
  ) {
    return this.bases.save(this.bases.create({ ...fields, uuid: fields.uuid ?? newUuid() }));
  }

  saveBase(base: KnowledgeBaseEntity): Promise<KnowledgeBaseEntity> {
    return this.bases.save(base);
  }

  /** A user's own knowledge bases, and with `othersPublic` the public ones of others; all, for `everything`. */
  async searchBases(
    query: { keyword: string; ownerId: string; othersPublic: boolean; everything: boolean },
    page: number,
    size: number,
  ): Promise<Page<KnowledgeBaseEntity>> {
    const builder = this.bases.createQueryBuilder('kb').where('kb.is_deleted = false');
    if (!query.everything) {
      builder.andWhere(query.othersPublic ? '(kb.owner_id = :owner OR kb.is_public = true)' : 'kb.owner_id = :owner', {
        owner: query.ownerId,
      });
    }
    if (query.keyword !== '') builder.andWhere('kb.title ILIKE :keyword', { keyword: `%${query.keyword}%` });
    const [records, total] = await builder
      .orderBy('kb.star_count', 'DESC')
      .addOrderBy('kb.update_time', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getManyAndCount();
    return { records, total, current: page, size, pages: Math.ceil(total / size) };
  }

  findItem(uuid: string): Promise<KnowledgeBaseItemEntity | null> {
    return this.items.findOneBy({ uuid, isDeleted: false });
  }

  findItemById(id: string): Promise<KnowledgeBaseItemEntity | null> {
    return this.items.findOneBy({ id, isDeleted: false });
  }

  findItems(uuids: readonly string[]): Promise<KnowledgeBaseItemEntity[]> {
    return uuids.length === 0 ? Promise.resolve([]) : this.items.findBy({ uuid: In([...uuids]), isDeleted: false });
  }

  createItem(base: KnowledgeBaseEntity, fields: { title: string; remark: string; sourceFileName?: string }) {
    return this.items.save(
      this.items.create({
        uuid: newUuid(),
        kbId: base.id,
        kbUuid: base.uuid,
        title: fields.title,
        remark: fields.remark,
        brief: fields.remark.slice(0, 200),
        sourceFileName: fields.sourceFileName ?? '',
      }),
    );
  }

  saveItem(item: KnowledgeBaseItemEntity): Promise<KnowledgeBaseItemEntity> {
    return this.items.save(item);
  }

  async searchItems(
    kbUuid: string,
    keyword: string,
    page: number,
    size: number,
  ): Promise<Page<KnowledgeBaseItemEntity>> {
    const builder = this.items
      .createQueryBuilder('item')
      .where('item.kb_uuid = :kbUuid AND item.is_deleted = false', { kbUuid });
    if (keyword !== '') builder.andWhere('item.title ILIKE :keyword', { keyword: `%${keyword}%` });
    const [records, total] = await builder
      .orderBy('item.create_time', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getManyAndCount();
    return { records, total, current: page, size, pages: Math.ceil(total / size) };
  }

  /** Sets the items' status; `error` says why a `FAIL` failed, and is cleared by any other status. */
  async setStatus(
    itemUuids: readonly string[],
    status: IndexingStatus,
    kind: IndexType | 'vectors' = 'embedding',
    error = '',
  ): Promise<void> {
    if (itemUuids.length === 0) return;
    const indexingError = status === 'FAIL' ? error.slice(0, 500) : '';
    await this.items.update(
      { uuid: In([...itemUuids]) },
      kind !== 'graphical'
        ? { embeddingStatus: status, embeddingStatusChangeTime: new Date(), indexingError }
        : { graphicalStatus: status, indexingError },
    );
  }

  chunksOf(itemUuid: string): Promise<KnowledgeChunkEntity[]> {
    return this.dataSource
      .getRepository(KnowledgeChunkEntity)
      .find({ where: { kbItemUuid: itemUuid }, order: { chunkIndex: 'ASC' } });
  }

  /** Replaces an item's chunks in one transaction; citations keep the text they cited, not the chunk. */
  async replaceChunks(item: KnowledgeBaseItemEntity, chunks: readonly PreparedChunk[]): Promise<void> {
    const metadata = JSON.stringify({ kb_uuid: item.kbUuid, kb_item_uuid: item.uuid });
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(KnowledgeChunkEntity, { kbItemUuid: item.uuid });
      for (let start = 0; start < chunks.length; start += CHUNKS_PER_INSERT) {
        const batch = chunks.slice(start, start + CHUNKS_PER_INSERT);
        await manager.query(
          `INSERT INTO "adi_knowledge_base_embedding"
             ("embedding_id", "kb_uuid", "kb_item_uuid", "chunk_index", "text", "search_terms", "metadata")
           SELECT id, $2, $3, ord, chunk_text, terms, $4
           FROM unnest($1::varchar[], $5::int[], $6::text[], $7::text[]) AS batch(id, ord, chunk_text, terms)`,
          [
            batch.map(() => randomUUID()),
            item.kbUuid,
            item.uuid,
            metadata,
            batch.map((_, offset) => start + offset),
            batch.map((chunk) => chunk.text),
            batch.map((chunk) => chunk.searchTerms),
          ],
        );
        // The embedded database answers without ever leaving the event loop: let waiting requests in between.
        await yieldToLoop();
      }
      await manager.update(KnowledgeBaseItemEntity, { id: item.id }, { chunkCount: chunks.length });
      await manager.query(
        `UPDATE "adi_knowledge_base" SET
           "item_count" = (SELECT count(*) FROM "adi_knowledge_base_item" WHERE "kb_uuid" = $1 AND NOT "is_deleted"),
           "embedding_count" = (SELECT count(*) FROM "adi_knowledge_base_embedding" WHERE "kb_uuid" = $1)
         WHERE "uuid" = $1`,
        [item.kbUuid],
      );
    });
  }

  /** Gathers the planner's statistics of the chunks and their term counts, which retrieval's plans rest on. */
  async refreshStatistics(): Promise<void> {
    await this.dataSource.query(`ANALYZE "adi_knowledge_base_embedding", "adi_knowledge_base_term"`);
  }

  async deleteItem(item: KnowledgeBaseItemEntity): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.update(KnowledgeBaseItemEntity, { id: item.id }, { isDeleted: true });
      await manager.delete(KnowledgeChunkEntity, { kbItemUuid: item.uuid });
    });
  }
}
