import { Logger } from '@nestjs/common';
import type { EmbeddingClient } from '../model/embedding-client.js';
import type { VectorRepository, VectorSpace } from './vector.repository.js';

/** A batch that failed for good: the item is marked `FAIL` with this message, which names the batch and why. */
export class EmbeddingBatchFailedError extends Error {
  readonly code = 'EMBEDDING_BATCH_FAILED';
}

/**
 * Embeds an item's chunks that have no vector of the configured model yet, in batches of EMBEDDING_BATCH_SIZE,
 * each stored as soon as it comes back: a job taken up again (after a failure or a restart) goes on from the
 * first chunk without a vector instead of starting over. Retries (backoff, `Retry-After`) are the client's.
 */
export class ItemEmbedder {
  private readonly logger = new Logger(ItemEmbedder.name);

  constructor(
    private readonly client: EmbeddingClient,
    private readonly vectors: VectorRepository,
  ) {}

  get space(): VectorSpace {
    return { model: this.client.model, dimensions: this.client.dimensions };
  }

  /** Resolves once every chunk of the item has a vector; `progress` is told after each stored batch. */
  async embedItem(
    itemUuid: string,
    progress: (done: number, total: number) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void> {
    const space = this.space;
    const missing = await this.vectors.chunksWithoutVector(itemUuid, space);
    const size = this.client.batchSize;
    const batches = Math.ceil(missing.length / size);
    await progress(0, missing.length);
    for (let index = 0; index < batches; index++) {
      const batch = missing.slice(index * size, (index + 1) * size);
      const label = `${index + 1}/${batches}`;
      let vectors: number[][];
      try {
        vectors = await this.client.embedBatch(
          batch.map((chunk) => chunk.text),
          (notice) =>
            this.logger.warn({
              message: 'embedding batch retried',
              item: itemUuid,
              batch: label,
              attempt: notice.attempt,
              waitMs: notice.waitMs,
              code: notice.error.code,
              error: notice.error.message,
            }),
          signal,
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new EmbeddingBatchFailedError(`embedding batch ${label} of ${missing.length} chunks failed: ${reason}`, {
          cause: error,
        });
      }
      await this.vectors.save(
        space,
        batch.map((chunk, i) => ({ embeddingId: chunk.embeddingId, vector: vectors[i]! })),
      );
      await progress(Math.min(missing.length, (index + 1) * size), missing.length);
    }
    await this.vectors.dropOtherModels(itemUuid, space);
  }
}
