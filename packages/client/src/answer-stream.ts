import { createParser } from 'eventsource-parser';
import { applyEvent, initialState, isFinished, type AnswerState } from './state.js';

/** Opens the stream: the ask, or a resume from `lastEventId` of the answer `answerUuid`. */
export type StreamOpener = (
  signal: AbortSignal,
  resumeFrom?: { answerUuid: string; lastEventId: number },
) => Promise<Response>;

export interface AnswerStreamOptions {
  /** Resumes after a dropped connection at most this many times in a row (default 5). */
  maxReconnects?: number;
  /** Pause before a resume, doubled on each failed try (default 300 ms). */
  reconnectDelayMs?: number;
  /** Start from a saved state (after a page reload) and resume from its `lastEventId`. */
  from?: AnswerState;
  /** Called to stop the answer on the server (`POST /conversation/message/stop/{uuid}`). */
  stop?: (answerUuid: string) => Promise<boolean>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One answer being streamed. `state` grows event by event; listeners get every new state. When the
 * connection drops before `[DONE]` or `[ERROR]` and the answer's uuid is known (the `X-Answer-Uuid` header),
 * the stream comes back with `Last-Event-ID` and carries on where it was.
 */
export class AnswerStream {
  state: AnswerState;
  /** Settles with the final state: done, error or aborted. */
  readonly finished: Promise<AnswerState>;
  private readonly listeners = new Set<(state: AnswerState) => void>();
  private connection: AbortController | undefined;
  private aborted = false;

  constructor(
    private readonly open: StreamOpener,
    private readonly options: AnswerStreamOptions = {},
  ) {
    this.state = options.from ? { ...options.from, status: 'reconnecting' } : initialState();
    this.finished = this.run();
  }

  /** Calls `listener` with every new state, starting with the current one; returns the unsubscribe. */
  subscribe(listener: (state: AnswerState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  /**
   * Stops the answer: the server stores what was shown and ends the stream with `[DONE]`. Before the answer's
   * uuid is known, or when the server cannot stop it, the connection is closed instead.
   */
  async stop(): Promise<void> {
    const uuid = this.state.answerUuid;
    const stopped = uuid && this.options.stop ? await this.options.stop(uuid).catch(() => false) : false;
    if (!stopped) this.abort();
  }

  /** Closes the connection for good, without resuming. */
  abort(): void {
    this.aborted = true;
    this.connection?.abort();
  }

  /** Drops the connection as a network failure would; the stream resumes by itself when it can. */
  disconnect(): void {
    this.connection?.abort();
  }

  private async run(): Promise<AnswerState> {
    let failures = 0;
    let resumeFrom = this.options.from?.answerUuid
      ? { answerUuid: this.options.from.answerUuid, lastEventId: this.options.from.lastEventId ?? 0 }
      : undefined;
    const maxReconnects = this.options.maxReconnects ?? 5;
    const delay = this.options.reconnectDelayMs ?? 300;
    for (;;) {
      const controller = new AbortController();
      this.connection = controller;
      const before = this.state.lastEventId;
      try {
        const response = await this.open(controller.signal, resumeFrom);
        await this.read(response, controller.signal);
      } catch (error) {
        if (!controller.signal.aborted && !(error instanceof TypeError)) {
          this.update({ ...this.state, status: 'error', error: errorOf(error) });
        }
      }
      if (isFinished(this.state)) return this.state;
      if (this.aborted) return this.update({ ...this.state, status: 'aborted' });
      // Progress resets the count: only failures in a row give up.
      failures = this.state.lastEventId !== before ? 1 : failures + 1;
      const answerUuid = this.state.answerUuid;
      if (!answerUuid || failures > maxReconnects) {
        return this.update({
          ...this.state,
          status: 'error',
          error: {
            code: 'CONNECTION_LOST',
            message: answerUuid
              ? `The connection dropped ${failures} times in a row; reload to try again.`
              : 'The connection dropped before the server named the answer, so it cannot be resumed.',
          },
        });
      }
      resumeFrom = { answerUuid, lastEventId: this.state.lastEventId ?? 0 };
      this.update({ ...this.state, status: 'reconnecting', reconnects: this.state.reconnects + 1 });
      await sleep(delay * 2 ** (failures - 1));
      if (this.aborted) return this.update({ ...this.state, status: 'aborted' });
    }
  }

  private async read(response: Response, signal: AbortSignal): Promise<void> {
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/event-stream')) {
      this.update({ ...this.state, status: 'error', error: await httpError(response) });
      return;
    }
    const answerUuid = response.headers.get('x-answer-uuid') ?? this.state.answerUuid;
    const questionUuid = response.headers.get('x-question-uuid') ?? this.state.questionUuid;
    this.update({
      ...this.state,
      ...(answerUuid ? { answerUuid } : {}),
      ...(questionUuid ? { questionUuid } : {}),
    });
    const parser = createParser({ onEvent: (event) => this.update(applyEvent(this.state, event)) });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || signal.aborted) break;
        parser.feed(decoder.decode(value, { stream: true }));
        if (isFinished(this.state)) break;
      }
    } finally {
      signal.removeEventListener('abort', cancel);
      if (isFinished(this.state)) cancel();
    }
  }

  private update(state: AnswerState): AnswerState {
    if (state === this.state) return state;
    this.state = state;
    for (const listener of this.listeners) listener(state);
    return state;
  }
}

async function httpError(response: Response): Promise<{ code: string; message: string }> {
  const body = await response.text().catch(() => '');
  try {
    const envelope = JSON.parse(body) as { code?: string; message?: string };
    if (envelope.code) return { code: envelope.code, message: envelope.message ?? '' };
  } catch {
    // Not the JSON envelope: report the status.
  }
  return response.status === 401
    ? { code: 'UNAUTHORIZED', message: 'Log in again: the token is missing or expired.' }
    : { code: `HTTP_${response.status}`, message: body.slice(0, 200) || response.statusText };
}

function errorOf(error: unknown): { code: string; message: string } {
  return { code: 'CLIENT_ERROR', message: error instanceof Error ? error.message : String(error) };
}
