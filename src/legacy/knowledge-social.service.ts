import { Inject, Injectable, Optional } from '@nestjs/common';
import type { CurrentUser } from '../accounts/current-user.js';
import { legacyPage } from '../platform/common/legacy-page.js';
import type { KnowledgeBaseEntity, KnowledgeBaseItemEntity } from '../platform/database/entities/index.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { toKnowledgeBaseDto } from '../knowledge/knowledge-dto.js';
import { ItemGraphRepository } from '../knowledge/item-graph.repository.js';
import { KnowledgeStarRepository } from './knowledge-star.repository.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import { KnowledgeBaseNotFoundError, KnowledgeItemNotFoundError } from '../knowledge/knowledge-errors.js';
import { VECTOR_SUPPORT } from '../platform/database/database.module.js';
import type { VectorSupport } from '../platform/database/vector-schema.js';
import { fromVectorText, VectorRepository, type VectorSpace } from '../knowledge/vector.repository.js';

/** Public and starred knowledge bases, and the chunks ("embeddings") of an item. */
@Injectable()
export class KnowledgeSocialService {
  constructor(
    private readonly knowledge: KnowledgeRepository,
    private readonly stars: KnowledgeStarRepository,
    private readonly itemGraphs: ItemGraphRepository,
    private readonly vectors: VectorRepository,
    @Optional() @Inject(VECTOR_SUPPORT) support?: VectorSupport,
  ) {
    this.space = support?.state === 'ready' ? { model: support.model, dimensions: support.dimensions } : undefined;
  }

  private readonly space: VectorSpace | undefined;

  async searchPublic(keyword: string, page: number, size: number) {
    const [records, total] = await this.stars.searchPublic(keyword, page, size);
    return legacyPage(records.map(toKnowledgeBaseDto), total, page, size);
  }

  async starred(user: CurrentUser, page: number, size: number) {
    const { rows, total } = await this.stars.mine(user.id, page, size);
    return legacyPage(rows, total, page, size);
  }

  async toggleStar(user: CurrentUser, kbUuid: string): Promise<boolean> {
    return this.stars.toggle(await this.readable(kbUuid, user), user.id);
  }

  /**
   * An item's chunks, in order, each with its stored vector of the configured embedding model. `embedding` is
   * always an array, as the frontend slices it: empty for a chunk without one (no embeddings configured, or not
   * embedded yet).
   */
  async chunks(user: CurrentUser, itemUuid: string, page: number, size: number) {
    const item = await this.readableItem(itemUuid, user);
    const all = await this.knowledge.chunksOf(item.uuid);
    const shown = all.slice((page - 1) * size, page * size);
    const stored = this.space
      ? await this.vectors.vectorsOf(
          shown.map((chunk) => chunk.embeddingId),
          this.space,
        )
      : [];
    const vectorOf = new Map(stored.map((row) => [row.embeddingId, fromVectorText(row.vector)]));
    const records = shown.map((chunk) => ({
      embeddingId: chunk.embeddingId,
      embedding: vectorOf.get(chunk.embeddingId) ?? [],
      text: chunk.text,
    }));
    return legacyPage(records, all.length, page, size);
  }

  /** The item's graph facts, for the item table's 图谱 dialog: `vertices` and `edges` always arrays. */
  async graph(user: CurrentUser, itemUuid: string, limit: number) {
    const item = await this.readableItem(itemUuid, user);
    return this.itemGraphs.graphOf(item.uuid, limit);
  }

  private async readableItem(itemUuid: string, user: CurrentUser): Promise<KnowledgeBaseItemEntity> {
    const item = await this.knowledge.findItem(itemUuid);
    if (!item) throw new KnowledgeItemNotFoundError(itemUuid);
    const base = await this.knowledge.findBase(item.kbUuid);
    if (!base || !canRead(base, user)) throw new KnowledgeItemNotFoundError(itemUuid);
    return item;
  }

  private async readable(uuid: string, user: CurrentUser): Promise<KnowledgeBaseEntity> {
    const base = await this.knowledge.findBase(uuid);
    if (!base || !canRead(base, user)) throw new KnowledgeBaseNotFoundError(uuid);
    return base;
  }
}
