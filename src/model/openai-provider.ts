import { Logger } from '@nestjs/common';
import type OpenAI from 'openai';
import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { Observable, type Subscriber } from 'rxjs';
import { paragraphsAnswerJsonSchema } from '../citation/answer-schema.js';
import { AppError } from '../platform/common/app-error.js';
import { openChatStream, readChatChunks, StreamIdleTimeout } from './chat-stream.js';
import { IdleWatch } from './idle-watch.js';
import { openAiClient } from './openai-client.js';
import type {
  FinishReason,
  ModelDelta,
  ModelProvider,
  ModelRequest,
  OfferedModel,
  TokenUsage,
} from './model-provider.js';
import { followUpQuery } from './follow-up.js';
import { buildPrompt } from './prompt.js';
import type { OpenAiSettings } from '../platform/config/app-config.js';
import {
  ModelIdleTimeoutError,
  ModelRateLimitedError,
  ModelStreamCutError,
  ModelTimeoutError,
  ModelUpstreamError,
} from './model-errors.js';

/**
 * How the answer's format is asked for. Servers differ: OpenAI and vLLM take a JSON Schema, some only
 * `json_object`, some neither. A server that rejects one is asked with the next, and that is remembered per
 * model so that later answers do not pay for the failed attempt again.
 */
type OutputMode = 'json_schema' | 'json_schema_plain' | 'json_object' | 'instructions';
const WEAKER_MODE: Record<OutputMode, OutputMode | undefined> = {
  json_schema: 'json_object',
  json_schema_plain: 'json_object',
  json_object: 'instructions',
  instructions: undefined,
};

/** Reasoning models served by DeepSeek, Qwen and vLLM stream their thoughts in this non-standard field. */
interface ReasoningDelta {
  reasoning_content?: string | null;
}

export class OpenAiProvider implements ModelProvider {
  readonly name = 'openai';
  private readonly logger = new Logger(OpenAiProvider.name);
  private readonly modeByModel = new Map<string, OutputMode>();
  private readonly client: OpenAI;
  private readonly completionsUrl: string;

  constructor(private readonly settings: OpenAiSettings) {
    this.client = openAiClient(settings);
    this.completionsUrl = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  get models(): readonly OfferedModel[] {
    return this.settings.models.map((name) => ({ name, title: name }));
  }

  stream(request: ModelRequest): Observable<ModelDelta> {
    return new Observable<ModelDelta>((subscriber) => {
      const abort = new AbortController();
      // A request that ended has nothing left to abort; aborting anyway builds an AbortError, stack and all, at
      // the end of every answer.
      let ended = false;
      this.run(request, abort.signal, subscriber).then(
        () => {
          ended = true;
          subscriber.complete();
        },
        (error: unknown) => {
          ended = true;
          if (!abort.signal.aborted) subscriber.error(toAppError(error, this.settings.timeoutMs));
        },
      );
      return () => {
        if (!ended) abort.abort();
      };
    });
  }

  private async run(request: ModelRequest, signal: AbortSignal, subscriber: Subscriber<ModelDelta>): Promise<void> {
    return this.settings.streamClient === 'openai'
      ? this.runPackage(request, signal, subscriber)
      : this.runLean(request, signal, subscriber);
  }

  /** The answer read by chat-stream.ts: every chunk of one network read handed on in one synchronous call. */
  private async runLean(request: ModelRequest, signal: AbortSignal, subscriber: Subscriber<ModelDelta>): Promise<void> {
    const model = this.modelFor(request.modelName);
    const response = await this.open(model, request, (params) =>
      openChatStream(this.completionsUrl, params, {
        apiKey: this.settings.apiKey,
        timeoutMs: this.settings.timeoutMs,
        maxRetries: this.settings.maxRetries,
        signal,
      }),
    );
    const reading = new ChunkReading(subscriber);
    try {
      await readChatChunks(
        response,
        signal,
        request.ready,
        (chunk) => reading.take(chunk),
        this.settings.idleTimeoutMs,
      );
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof StreamIdleTimeout) throw new ModelIdleTimeoutError(error.idleMs);
      throw new ModelStreamCutError(`The model stream broke off: ${describe(error)}`, { cause: error });
    }
    reading.finish();
  }

  /** The answer read by the `openai` package's own stream (MODEL_STREAM_CLIENT=openai). */
  private async runPackage(
    request: ModelRequest,
    signal: AbortSignal,
    subscriber: Subscriber<ModelDelta>,
  ): Promise<void> {
    const model = this.modelFor(request.modelName);
    // The stream's own signal: the reader leaving aborts it, and so does the server's silence.
    const silence = new AbortController();
    const stream = await this.open(model, request, (params) =>
      this.client.chat.completions.create(params, { signal: AbortSignal.any([signal, silence.signal]) }),
    );
    const idle = new IdleWatch(this.settings.idleTimeoutMs, () => silence.abort());
    const reading = new ChunkReading(subscriber);
    try {
      for await (const chunk of stream) {
        idle.heard();
        reading.take(chunk);
        // Flow control: while the reader is not ready, the next chunk is not asked for, so the server's own
        // backpressure holds the rest; that wait is the reader's, not the server's silence.
        const waiting = request.ready?.();
        if (waiting) await idle.paused(waiting, signal);
      }
    } catch (error) {
      if (signal.aborted) return;
      if (silence.signal.aborted) throw new ModelIdleTimeoutError(this.settings.idleTimeoutMs!);
      throw new ModelStreamCutError(`The model stream broke off: ${describe(error)}`, { cause: error });
    } finally {
      idle.stop();
    }
    if (signal.aborted) return;
    // The package ends an aborted stream quietly, without an error.
    if (silence.signal.aborted) throw new ModelIdleTimeoutError(this.settings.idleTimeoutMs!);
    reading.finish();
  }

  /** The model sees the earlier turns itself; retrieval, which does not, gets the questions a follow-up leans on. */
  retrievalQuery(question: string, earlierQuestions: readonly string[]): string {
    return followUpQuery(question, earlierQuestions);
  }

  /** The model a request names when it is one this server offers; the default for a blank or unknown name. */
  modelFor(name: string | undefined): string {
    const wanted = name?.trim() ?? '';
    return this.settings.models.includes(wanted) ? wanted : this.settings.model;
  }

  /** Opens the stream with `send`, asking with a weaker answer format while the server rejects the format. */
  private async open<T>(
    model: string,
    request: ModelRequest,
    send: (params: ChatCompletionCreateParamsStreaming) => Promise<T>,
  ): Promise<T> {
    let mode = this.modeByModel.get(model) ?? 'json_schema';
    for (;;) {
      try {
        return await send(this.params(model, request, mode));
      } catch (error) {
        // A schema whose ids are an enum of the offered ones first; a server that refuses the enum gets the plain one.
        const weaker = mode === 'json_schema' && rejectsEnum(error) ? 'json_schema_plain' : WEAKER_MODE[mode];
        if (weaker === undefined || !rejectsResponseFormat(error)) throw error;
        this.logger.warn({
          message: 'model server rejected the answer format; asking with a weaker one',
          model,
          mode,
          next: weaker,
        });
        mode = weaker;
        this.modeByModel.set(model, mode);
      }
    }
  }

  private params(model: string, request: ModelRequest, mode: OutputMode): ChatCompletionCreateParamsStreaming {
    const params: ChatCompletionCreateParamsStreaming = {
      model,
      messages: buildPrompt(request),
      temperature: this.settings.temperature,
      stream: true,
      stream_options: { include_usage: true },
    };
    if (mode === 'json_schema' || mode === 'json_schema_plain') {
      const offeredIds = mode === 'json_schema' ? request.catalog.entries.map((entry) => entry.citationId) : undefined;
      const { $schema: _ignored, ...schema } = paragraphsAnswerJsonSchema({
        ...(offeredIds ? { offeredIds } : {}),
        ...(request.quotes ? { quotes: true } : {}),
      });
      params.response_format = {
        type: 'json_schema',
        json_schema: { name: 'paragraphs_answer', strict: true, schema },
      };
    } else if (mode === 'json_object') {
      params.response_format = { type: 'json_object' };
    }
    return params;
  }
}

function rejectsResponseFormat(error: unknown): boolean {
  return (
    error instanceof APIError &&
    (error.status === 400 || error.status === 422) &&
    /response_format|json_schema|json_object|structured|enum/i.test(error.message)
  );
}

function rejectsEnum(error: unknown): boolean {
  return error instanceof APIError && /\benum\b/i.test(error.message);
}

/** The deltas of one answer's chunks, handed on as they come, and its finish once the stream ended. */
class ChunkReading {
  private finishReason: FinishReason | undefined;
  private usage: TokenUsage | undefined;

  constructor(private readonly subscriber: Subscriber<ModelDelta>) {}

  take(chunk: ChatCompletionChunk): void {
    this.usage = readUsage(chunk) ?? this.usage;
    const choice = chunk.choices?.[0];
    if (choice === undefined) return;
    const delta = (choice.delta ?? {}) as typeof choice.delta & ReasoningDelta;
    if (delta.reasoning_content) this.subscriber.next({ type: 'reasoning', text: delta.reasoning_content });
    if (delta.content) this.subscriber.next({ type: 'content', text: delta.content });
    if (choice.finish_reason) this.finishReason = readFinishReason(choice.finish_reason);
  }

  finish(): void {
    if (this.finishReason === undefined) {
      throw new ModelStreamCutError('The model stream ended without saying it was finished.');
    }
    this.subscriber.next({ type: 'finish', reason: this.finishReason, ...(this.usage ? { usage: this.usage } : {}) });
  }
}

function readFinishReason(reason: string): FinishReason {
  return reason === 'stop' || reason === 'length' || reason === 'content_filter' ? reason : 'other';
}

function readUsage(chunk: ChatCompletionChunk): TokenUsage | undefined {
  if (!chunk.usage) return undefined;
  return {
    promptTokens: chunk.usage.prompt_tokens,
    completionTokens: chunk.usage.completion_tokens,
    totalTokens: chunk.usage.total_tokens,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function toAppError(error: unknown, timeoutMs: number): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof APIConnectionTimeoutError) return new ModelTimeoutError(timeoutMs);
  if (error instanceof APIError && error.status === 429) {
    return new ModelRateLimitedError('The model server is rate limiting requests; wait a moment and ask again.', {
      cause: error,
    });
  }
  if (error instanceof APIError && error.status !== undefined) {
    return new ModelUpstreamError(`The model server answered ${error.status}: ${error.message}`, { cause: error });
  }
  if (error instanceof APIUserAbortError) return new ModelUpstreamError('The model request was cancelled.');
  return new ModelUpstreamError(`The model server could not be reached: ${describe(error)}`, { cause: error });
}
