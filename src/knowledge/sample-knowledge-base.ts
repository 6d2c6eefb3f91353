import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { KnowledgeBaseEntity, UserEntity } from '../platform/database/entities/index.js';
import { IndexingService } from './indexing.service.js';
import { KnowledgeRepository } from './knowledge.repository.js';
import { GraphRepository } from './graph.repository.js';
import { SAMPLE_DOCUMENTS, SAMPLE_KNOWLEDGE_BASE_UUID, SAMPLE_TRIPLES } from './sample-corpus.js';

/**
 * The sample knowledge base: created on the first start (owned by the admin, public), with its documents
 * indexed, so that a fresh install answers real questions with citations. `SAMPLE_KNOWLEDGE_BASE=false` turns it off.
 */
@Injectable()
export class SampleKnowledgeBase {
  private readonly logger = new Logger(SampleKnowledgeBase.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly knowledge: KnowledgeRepository,
    private readonly indexing: IndexingService,
    private readonly graphs: GraphRepository,
  ) {}

  /** The sample knowledge base, if it is enabled and exists. */
  async find(): Promise<KnowledgeBaseEntity | undefined> {
    if (!this.config.knowledge.sample) return undefined;
    return (await this.knowledge.findBase(SAMPLE_KNOWLEDGE_BASE_UUID)) ?? undefined;
  }

  /** Creates and indexes it, unless it exists; returns it. */
  async ensure(owner: UserEntity): Promise<KnowledgeBaseEntity | undefined> {
    if (!this.config.knowledge.sample) return undefined;
    const existing = await this.knowledge.findBase(SAMPLE_KNOWLEDGE_BASE_UUID);
    if (existing) return existing;
    const base = await this.knowledge.createBase({
      uuid: SAMPLE_KNOWLEDGE_BASE_UUID,
      title: 'Sample: streaming answers with citations',
      remark: 'Documents written for this project, in English and Chinese, to try asking questions with citations.',
      isPublic: true,
      ownerId: owner.id,
      ownerUuid: owner.uuid,
      ownerName: owner.name,
    });
    for (const document of SAMPLE_DOCUMENTS) {
      const item = await this.knowledge.createItem(base, {
        title: document.title,
        remark: document.paragraphs.join('\n\n'),
      });
      await this.indexing.indexItem(base, item);
    }
    await this.graphs.addTriples(base.uuid, SAMPLE_TRIPLES);
    this.logger.log({ message: 'sample knowledge base created', uuid: base.uuid, documents: SAMPLE_DOCUMENTS.length });
    return base;
  }
}
