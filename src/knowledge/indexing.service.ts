import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { hostname } from 'node:os';
import { isProcessAlive } from '../platform/common/process-alive.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { VECTOR_SUPPORT } from '../platform/database/database.module.js';
import type { KnowledgeBaseEntity, KnowledgeBaseItemEntity } from '../platform/database/entities/index.js';
import type { VectorSupport } from '../platform/database/vector-schema.js';
import type { EmbeddingClient } from '../model/embedding-client.js';
import { EMBEDDING_CLIENT } from '../model/model.module.js';
import { prepareChunks } from './chunk-in-slices.js';
import { GRAPH_EXTRACTOR, type GraphExtractor } from '../model/graph-extractor.js';
import { GraphRepository } from './graph.repository.js';
import { IndexingJobRepository, type ClaimedJob, type IndexingProgress } from './indexing-job.repository.js';
import { ItemEmbedder } from './item-embedder.js';
import { KnowledgeRepository, type IndexType } from './knowledge.repository.js';
import { VectorRepository } from './vector.repository.js';

/** How often an idle worker looks for jobs other instances enqueued. */
const POLL_MS = 2_000;
/** How often a worker tells the table it is alive while on a job. */
const HEARTBEAT_MS = 5_000;
/** A running job without a heartbeat for this long belongs to a dead process and is claimed again. */
const STALE_AFTER_MS = 60_000;
/** A job that killed (or outlived) its worker this many times is given up, so that it cannot crash every instance. */
const MAX_ATTEMPTS = 3;
/** How often a worker looks for indexed items without vectors of the configured model (a changed EMBEDDING_MODEL). */
const VECTOR_SWEEP_MS = 60_000;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Indexes items through jobs kept in the database: a request marks its items `DOING` and enqueues one job per
 * item and kind; a worker in every instance claims jobs one at a time. A job whose process died is taken up
 * again (at once on this host when its pid is gone, else when its heartbeat goes stale). A failed item is
 * marked `FAIL` with the reason, which the item list shows.
 *
 * With embeddings configured (and pgvector present), an item is `DONE` only once every chunk has a vector of the
 * configured model; until then it stays `DOING`, and `indexing/check` counts the chunks embedded. Items indexed
 * before, or under another EMBEDDING_MODEL, are found by a sweep and embedded again by `vectors` jobs.
 */
@Injectable()
export class IndexingService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(IndexingService.name);
  private readonly host = hostname().slice(0, 40);
  private readonly worker = `${this.host}:${process.pid}`;
  private timer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly stopping = new AbortController();
  private readonly embedder: ItemEmbedder | undefined;
  private draining: Promise<void> | undefined;
  private wakeAgain = false;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly knowledge: KnowledgeRepository,
    private readonly jobs: IndexingJobRepository,
    private readonly graphs: GraphRepository,
    private readonly vectors: VectorRepository,
    @Inject(VECTOR_SUPPORT) support: VectorSupport,
    @Optional() @Inject(GRAPH_EXTRACTOR) private readonly extractor?: GraphExtractor,
    @Optional() @Inject(EMBEDDING_CLIENT) client?: EmbeddingClient,
  ) {
    this.embedder = client && support.state === 'ready' ? new ItemEmbedder(client, vectors) : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.requeueJobsOfDeadProcesses();
    await this.jobs.prune();
    this.timer = setInterval(() => this.wake(), POLL_MS).unref();
    if (this.embedder) {
      this.sweepTimer = setInterval(() => void this.queueMissingVectors(), VECTOR_SWEEP_MS).unref();
      await this.queueMissingVectors();
    }
    this.wake();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearInterval(this.timer);
    clearInterval(this.sweepTimer);
    await this.draining;
  }

  /** What `indexing/check` shows beside its legacy flag. */
  progress(userId: string): Promise<IndexingProgress> {
    return this.jobs.pendingProgress(userId);
  }

  /** Enqueues a `vectors` job for every indexed item with chunks lacking a vector of the configured model. */
  private async queueMissingVectors(): Promise<void> {
    if (!this.embedder || this.stopped) return;
    try {
      const items = await this.vectors.itemsWithoutVectors(this.embedder.space);
      if (items.length === 0) return;
      for (const item of items) await this.jobs.enqueue(item.userId, item.kbUuid, [item.itemUuid], ['vectors']);
      await this.knowledge.setStatus(
        items.map((item) => item.itemUuid),
        'DOING',
      );
      this.logger.log({
        message: 'items queued for vectors of the configured embedding model',
        items: items.length,
        model: this.embedder.space.model,
      });
      this.wake();
    } catch (error) {
      this.logger.error({ message: 'looking for items without vectors failed', error: reasonOf(error) });
    }
  }

  /** True once none of the user's jobs is queued or running, on any instance. */
  async isDone(userId: string): Promise<boolean> {
    return !(await this.jobs.hasPending(userId));
  }

  /** Marks the items `DOING` and enqueues their jobs; resolves once both are stored. */
  async start(
    userId: string,
    base: KnowledgeBaseEntity,
    items: readonly KnowledgeBaseItemEntity[],
    types: readonly IndexType[] = ['embedding'],
  ): Promise<void> {
    if (items.length === 0 || types.length === 0) return;
    const uuids = items.map((item) => item.uuid);
    for (const type of types) await this.knowledge.setStatus(uuids, 'DOING', type);
    await this.jobs.enqueue(userId, base.uuid, uuids, types);
    this.wake();
  }

  /** Indexes one item now (the sample knowledge base at first start): its old chunks are replaced. */
  async indexItem(base: KnowledgeBaseEntity, item: KnowledgeBaseItemEntity): Promise<void> {
    await this.knowledge.replaceChunks(item, await this.chunksOf(base, item));
    await this.knowledge.setStatus([item.uuid], 'DONE');
  }

  private chunksOf(base: KnowledgeBaseEntity, item: KnowledgeBaseItemEntity) {
    return prepareChunks(item.remark, {
      maxChars: base.ingestMaxSegment > 0 ? base.ingestMaxSegment : this.config.knowledge.chunkChars,
      overlapChars: base.ingestMaxOverlap > 0 ? base.ingestMaxOverlap : this.config.knowledge.chunkOverlapChars,
    });
  }

  /** Looks for work now; a drain already under way looks once more when it ends. */
  private wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => this.logger.error({ message: 'indexing worker failed', error: reasonOf(error) }))
      .finally(() => {
        this.draining = undefined;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    let indexed = 0;
    while (!this.stopped) {
      const job = await this.jobs.claim(this.worker, STALE_AFTER_MS);
      if (!job) break;
      await this.run(job);
      indexed++;
    }
    // Retrieval's plans rest on the chunks' statistics. The embedded database has no autovacuum to gather them,
    // and on the server it comes later: without them a new base's search reads every chunk of it.
    if (indexed > 0) await this.knowledge.refreshStatistics();
  }

  private async run(job: ClaimedJob): Promise<void> {
    const status = job.kind === 'graphical' ? 'graphical' : 'embedding';
    if (job.attempts > MAX_ATTEMPTS) {
      const reason = `indexing was interrupted ${MAX_ATTEMPTS} times (the server stopped while on it); index it again`;
      await this.knowledge.setStatus([job.itemUuid], 'FAIL', status, reason);
      await this.jobs.finish(job.id, 'failed', reason);
      return;
    }
    const heartbeat = setInterval(() => {
      this.jobs.heartbeat(job.id, this.worker).catch(() => undefined);
    }, HEARTBEAT_MS);
    try {
      const item = await this.knowledge.findItem(job.itemUuid);
      const base = item ? await this.knowledge.findBase(item.kbUuid) : null;
      // Deleted since it was enqueued: nothing to do.
      if (item && base) {
        if (job.kind === 'graphical') await this.extractGraph(base, item);
        else await this.chunkAndEmbed(job, base, item);
      }
      await this.jobs.finish(job.id, 'done');
    } catch (error) {
      // Stopping: the job stays `running` and is taken up again at the next start, from its first chunk without a
      // vector.
      if (this.stopped) return;
      const reason = reasonOf(error);
      this.logger.error({ message: 'indexing failed', item: job.itemUuid, kind: job.kind, error: reason });
      await this.knowledge.setStatus([job.itemUuid], 'FAIL', status, reason).catch(() => undefined);
      await this.jobs.finish(job.id, 'failed', reason).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * An `embedding` job chunks the item, then embeds the chunks; a `vectors` job embeds the chunks it has. The item
   * is `DONE` only when both are through.
   */
  private async chunkAndEmbed(job: ClaimedJob, base: KnowledgeBaseEntity, item: KnowledgeBaseItemEntity) {
    if (job.kind === 'embedding') {
      const chunks = await this.chunksOf(base, item);
      await this.knowledge.replaceChunks(item, chunks);
    }
    if (this.embedder) {
      await this.embedder.embedItem(
        item.uuid,
        (done, total) => this.jobs.progress(job.id, done, total),
        this.stopping.signal,
      );
    }
    await this.knowledge.setStatus([item.uuid], 'DONE');
  }

  /** Graph facts are read from an item's chunks (made first when it has none) by the configured model. */
  private async extractGraph(base: KnowledgeBaseEntity, item: KnowledgeBaseItemEntity): Promise<void> {
    if (this.extractor === undefined) {
      throw new Error('graph extraction needs a model: set OPENAI_BASE_URL (the offline model cannot read facts)');
    }
    if ((await this.knowledge.chunksOf(item.uuid)).length === 0) await this.indexItem(base, item);
    for (const chunk of await this.knowledge.chunksOf(item.uuid)) {
      const triples = await this.extractor.extract(chunk.text);
      if (triples.length > 0) await this.graphs.addTriples(item.kbUuid, triples, chunk.embeddingId);
    }
    await this.knowledge.setStatus([item.uuid], 'DONE', 'graphical');
  }

  /** Jobs left running by processes of this host that are gone go back in the queue without waiting. */
  private async requeueJobsOfDeadProcesses(): Promise<void> {
    for (const job of await this.jobs.runningOnHost(this.host)) {
      const pid = Number(job.claimedBy.slice(this.host.length + 1));
      // Our own pid at boot is a previous process that had it (a restarted container's first process).
      if (!Number.isInteger(pid) || (pid !== process.pid && isProcessAlive(pid))) continue;
      await this.jobs.requeue(job.id, job.claimedBy);
      this.logger.warn({ message: 'indexing job of a stopped process queued again', job: job.id, pid });
    }
  }
}
