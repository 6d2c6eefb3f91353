import type OpenAI from 'openai';
import { APIConnectionTimeoutError, APIError } from 'openai';
import { AppError } from '../platform/common/app-error.js';
import type { EmbeddingSettings } from '../platform/config/app-config.js';
import { openAiClient } from './openai-client.js';

/** The endpoint could not be reached, timed out, or answered an error other than 429. */
export class EmbeddingUnavailableError extends AppError {
  readonly code = 'EMBEDDING_UNAVAILABLE';
}

/** The endpoint answered 429; `retryAfterMs` is what its `Retry-After` asked for, when it said. */
export class EmbeddingRateLimitedError extends AppError {
  readonly code = 'EMBEDDING_RATE_LIMITED';
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
  }
}

/** The endpoint answered vectors of another length than EMBEDDING_DIMENSIONS, or no vectors at all. */
export class EmbeddingBadResponseError extends AppError {
  readonly code = 'EMBEDDING_BAD_RESPONSE';
}

export type EmbeddingError = EmbeddingUnavailableError | EmbeddingRateLimitedError | EmbeddingBadResponseError;

/** What a caller learns of each retry: to log it and to show progress. */
export interface RetryNotice {
  attempt: number;
  waitMs: number;
  error: EmbeddingError;
}

/** Longest wait between two attempts, whatever `Retry-After` asks: a job must not sleep for an hour. */
const MAX_WAIT_MS = 60_000;
const FIRST_BACKOFF_MS = 500;

/**
 * A client of any OpenAI-compatible `POST /embeddings` (OpenAI, Ollama, vLLM, Text Embeddings Inference). It
 * does not send `dimensions`: many servers reject it for models of a fixed size; the length of each vector is
 * checked against EMBEDDING_DIMENSIONS instead, so a wrong setting is named rather than stored.
 */
export class EmbeddingClient {
  private readonly client: OpenAI;
  private readonly url: string;

  constructor(
    private readonly settings: EmbeddingSettings,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void> = abortableSleep,
  ) {
    // Retries are this client's own: a question gets none, and indexing reports each one as progress.
    this.client = openAiClient({ ...settings, maxRetries: 0 });
    this.url = `${settings.baseUrl.replace(/\/+$/, '')}/embeddings`;
  }

  get model(): string {
    return this.settings.model;
  }

  get dimensions(): number {
    return this.settings.dimensions;
  }

  get batchSize(): number {
    return this.settings.batchSize;
  }

  /** One question's vector, within EMBEDDING_QUERY_TIMEOUT_MS and without retry: a question cannot wait. */
  async embedQuestion(text: string): Promise<number[]> {
    const [vector] = await this.embed([text], this.settings.queryTimeoutMs);
    return vector!;
  }

  /**
   * A batch of texts' vectors, in order, retried up to EMBEDDING_MAX_RETRIES times with exponential backoff; a
   * 429 waits as long as its `Retry-After` says. A wrong dimension is not retried: the answer would not change.
   */
  async embedBatch(
    texts: readonly string[],
    onRetry?: (notice: RetryNotice) => void,
    signal?: AbortSignal,
  ): Promise<number[][]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.embed(texts, this.settings.timeoutMs, signal);
      } catch (error) {
        if (!(error instanceof EmbeddingUnavailableError || error instanceof EmbeddingRateLimitedError)) throw error;
        if (attempt > this.settings.maxRetries || signal?.aborted) throw error;
        const backoff = FIRST_BACKOFF_MS * 2 ** (attempt - 1);
        const asked = error instanceof EmbeddingRateLimitedError ? error.retryAfterMs : undefined;
        const waitMs = Math.min(MAX_WAIT_MS, asked ?? backoff);
        onRetry?.({ attempt, waitMs, error });
        await this.sleep(waitMs, signal);
      }
    }
  }

  private async embed(texts: readonly string[], timeoutMs: number, stop?: AbortSignal): Promise<number[][]> {
    const url = this.url;
    // The deadline is this client's own signal, so that a timeout is told from a failure by the signal itself.
    const deadline = AbortSignal.timeout(timeoutMs);
    let body: unknown;
    try {
      body = await this.client.embeddings.create(
        { model: this.settings.model, input: [...texts], encoding_format: 'float' },
        { signal: stop ? AbortSignal.any([stop, deadline]) : deadline },
      );
    } catch (error) {
      if (error instanceof APIError && error.status === 429) {
        throw new EmbeddingRateLimitedError(
          `The embeddings endpoint ${url} answered 429 (too many requests); indexing waits and tries again.`,
          retryAfterMs((error.headers as Headers | undefined)?.get('retry-after') ?? null),
        );
      }
      if (error instanceof APIError && error.status !== undefined) {
        throw new EmbeddingUnavailableError(
          `The embeddings endpoint ${url} answered ${error.status}: ${error.message.slice(0, 200)}; check EMBEDDING_MODEL and EMBEDDING_API_KEY.`,
          { cause: error },
        );
      }
      const timedOut = deadline.aborted || stop?.aborted || error instanceof APIConnectionTimeoutError;
      throw new EmbeddingUnavailableError(
        timedOut
          ? `The embeddings endpoint ${url} did not answer within ${timeoutMs} ms; check that it runs, or raise EMBEDDING_TIMEOUT_MS / EMBEDDING_QUERY_TIMEOUT_MS.`
          : `The embeddings endpoint ${url} could not be reached (${reasonOf(error)}); check EMBEDDING_BASE_URL.`,
        { cause: error },
      );
    }
    return this.vectorsOf(body, texts.length);
  }

  private vectorsOf(body: unknown, count: number): number[][] {
    const data = (body as { data?: { index?: number; embedding?: unknown }[] } | null)?.data;
    if (!Array.isArray(data) || data.length !== count) {
      throw new EmbeddingBadResponseError(
        `The embeddings endpoint answered ${Array.isArray(data) ? data.length : 'no'} vectors for ${count} texts; is it an OpenAI-compatible /embeddings?`,
      );
    }
    const vectors: number[][] = new Array<number[]>(count);
    data.forEach((row, position) => {
      const vector = row.embedding;
      if (!Array.isArray(vector) || !vector.every((value) => typeof value === 'number' && Number.isFinite(value))) {
        throw new EmbeddingBadResponseError('The embeddings endpoint answered a vector that is not a list of numbers.');
      }
      if (vector.length !== this.settings.dimensions) {
        throw new EmbeddingBadResponseError(
          `The model ${this.settings.model} answered vectors of ${vector.length} dimensions, but EMBEDDING_DIMENSIONS is ${this.settings.dimensions}; set EMBEDDING_DIMENSIONS=${vector.length}.`,
        );
      }
      vectors[typeof row.index === 'number' ? row.index : position] = vector as number[];
    });
    return vectors;
  }
}

/** Waits `ms`, or less when `signal` aborts (the service stops): a retry wait must not hold a shutdown. */
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', finish);
      done();
    }
    signal?.addEventListener('abort', finish, { once: true });
  });
}

/** `Retry-After` as milliseconds: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The network's reason (`ECONNREFUSED` …), found under the package's connection error and fetch's own. */
function reasonOf(error: unknown): string {
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return error instanceof Error ? error.message : String(error);
}
