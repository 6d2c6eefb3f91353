import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { KnowledgeBaseEntity, KnowledgeBaseItemEntity } from '../database/entities/index.js';
import { chunkText } from './chunker.js';
import { GRAPH_EXTRACTOR, type GraphExtractor } from './graph-extractor.js';
import { GraphRepository } from './graph.repository.js';
import { KnowledgeRepository, type IndexType } from './knowledge.repository.js';

/**
 * Splits items into chunks and stores them. A user's "indexing" flag is raised before the request that starts
 * the work is answered, and cleared when the last of their jobs ends; items show `DOING` from the start.
 */
@Injectable()
export class IndexingService {
  private readonly logger = new Logger(IndexingService.name);
  private readonly jobsByUser = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly knowledge: KnowledgeRepository,
    private readonly graphs: GraphRepository,
    @Optional() @Inject(GRAPH_EXTRACTOR) private readonly extractor?: GraphExtractor,
  ) {}

  isIndexing(userId: string): boolean {
    return (this.jobsByUser.get(userId) ?? 0) > 0;
  }

  /** Marks the items `DOING` and indexes them in the background; resolves once they are marked. */
  async start(
    userId: string,
    base: KnowledgeBaseEntity,
    items: readonly KnowledgeBaseItemEntity[],
    types: readonly IndexType[] = ['embedding'],
  ): Promise<void> {
    if (items.length === 0 || types.length === 0) return;
    this.jobsByUser.set(userId, (this.jobsByUser.get(userId) ?? 0) + 1);
    try {
      for (const type of types) {
        await this.knowledge.setStatus(
          items.map((item) => item.uuid),
          'DOING',
          type,
        );
      }
    } catch (error) {
      this.finish(userId);
      throw error;
    }
    void this.run(base, items, types).finally(() => this.finish(userId));
  }

  /**
   * Extracts graph facts from an item's chunks with the configured model; `FAIL` when no model is configured,
   * since the offline model cannot read facts.
   */
  async extractGraph(item: KnowledgeBaseItemEntity): Promise<void> {
    if (this.extractor === undefined) {
      this.logger.warn({ message: 'graph extraction needs a model; set OPENAI_BASE_URL', item: item.uuid });
      await this.knowledge.setStatus([item.uuid], 'FAIL', 'graphical');
      return;
    }
    try {
      for (const chunk of await this.knowledge.chunksOf(item.uuid)) {
        const triples = await this.extractor.extract(chunk.text);
        if (triples.length > 0) await this.graphs.addTriples(item.kbUuid, triples, chunk.embeddingId);
      }
      await this.knowledge.setStatus([item.uuid], 'DONE', 'graphical');
    } catch (error) {
      this.logger.error({
        message: 'graph extraction failed',
        item: item.uuid,
        error: error instanceof Error ? error.message : String(error),
      });
      await this.knowledge.setStatus([item.uuid], 'FAIL', 'graphical').catch(() => undefined);
    }
  }

  /** Indexes one item now: its old chunks are replaced; `DONE`, or `FAIL` when anything goes wrong. */
  async indexItem(base: KnowledgeBaseEntity, item: KnowledgeBaseItemEntity): Promise<void> {
    try {
      const chunks = chunkText(item.remark, {
        maxChars: base.ingestMaxSegment > 0 ? base.ingestMaxSegment : this.config.knowledge.chunkChars,
        overlapChars: base.ingestMaxOverlap > 0 ? base.ingestMaxOverlap : this.config.knowledge.chunkOverlapChars,
      });
      await this.knowledge.replaceChunks(item, chunks);
      await this.knowledge.setStatus([item.uuid], 'DONE');
    } catch (error) {
      this.logger.error({
        message: 'indexing failed',
        item: item.uuid,
        error: error instanceof Error ? error.message : String(error),
      });
      await this.knowledge.setStatus([item.uuid], 'FAIL').catch(() => undefined);
    }
  }

  private async run(base: KnowledgeBaseEntity, items: readonly KnowledgeBaseItemEntity[], types: readonly IndexType[]) {
    for (const item of items) {
      // Graph facts are read from the chunks, so an item that has none yet is chunked first.
      if (types.includes('embedding') || (await this.knowledge.chunksOf(item.uuid)).length === 0) {
        await this.indexItem(base, item);
      }
      if (types.includes('graphical')) await this.extractGraph(item);
    }
  }

  private finish(userId: string): void {
    const left = (this.jobsByUser.get(userId) ?? 1) - 1;
    if (left > 0) this.jobsByUser.set(userId, left);
    else this.jobsByUser.delete(userId);
  }
}
