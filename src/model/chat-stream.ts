import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createParser } from 'eventsource-parser';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

/**
 * The streaming chat-completions call, read lean (MODEL_STREAM_CLIENT=lean, the default): a plain `node:http(s)`
 * request, the body's text split into events by `eventsource-parser`, one `JSON.parse` per event. The `openai`
 * package reads the same stream through `fetch`, web streams and an async iterator step per chunk: in
 * `bench:sse` the endpoint then costs 35-45% more CPU per token (bench/PROFILE.md). Failures are the `openai`
 * package's error classes, with its messages and its retry rules, so that callers tell them apart exactly as
 * when the package makes the call; chat-stream.spec.ts runs both against the same server and fails when the
 * package's behaviour moves away from this imitation. MODEL_STREAM_CLIENT=openai uses the package itself.
 */

export interface ChatStreamOptions {
  apiKey: string;
  /** Until the response's headers arrive, per attempt. */
  timeoutMs: number;
  /** Further attempts after a connection failure, a timeout, 408, 409, 429 or 5xx, before the stream starts. */
  maxRetries: number;
  signal: AbortSignal;
}

const RETRY_FIRST_S = 0.5;
const RETRY_MAX_S = 8;

/** Posts `body` to `url`; resolves with the streaming response, unread, once the server answered 2xx. */
export async function openChatStream(url: string, body: unknown, options: ChatStreamOptions): Promise<IncomingMessage> {
  const payload = JSON.stringify(body);
  for (let attempt = 0; ; attempt++) {
    const retriesLeft = options.maxRetries - attempt;
    let response: IncomingMessage;
    try {
      response = await post(url, payload, options);
    } catch (error) {
      if (options.signal.aborted) throw new APIUserAbortError();
      const timedOut = error instanceof RequestTimeout;
      if (retriesLeft > 0) {
        await pause(defaultRetryMs(attempt), options.signal);
        continue;
      }
      if (timedOut) throw new APIConnectionTimeoutError();
      throw new APIConnectionError({ message: describe(error), cause: error as Error });
    }
    if (response.statusCode !== undefined && response.statusCode >= 200 && response.statusCode < 300) return response;
    const text = await readAll(response).catch(() => '');
    const status = response.statusCode ?? 0;
    if (retriesLeft > 0 && shouldRetry(status, response.headers)) {
      await pause(retryAfterMs(response.headers) ?? defaultRetryMs(attempt), options.signal);
      continue;
    }
    const json = parseJson(text);
    throw APIError.generate(status, json, json === undefined ? text : undefined, toHeaders(response.headers));
  }
}

/**
 * Reads the chunks of a streaming response, handing each to `onChunk` as it is decoded. Flow control: after
 * each piece of the body, `ready` is asked; while it returns a promise the response is paused (the socket is
 * not read, so the server's own backpressure holds the rest). Resolves at the end of the body; rejects when
 * the connection broke off before it, the stream said it failed, or (with `idleMs`) the server sent nothing
 * for that long, with {@link StreamIdleTimeout}. Time the response spends paused for the reader does not count
 * as the server's silence.
 */
export function readChatChunks(
  response: IncomingMessage,
  signal: AbortSignal,
  ready: (() => Promise<void> | undefined) | undefined,
  onChunk: (chunk: ChatCompletionChunk) => void,
  idleMs?: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let waitingForReader = false;
    // One timer for the whole answer, pushed back by `refresh()` at each piece: cheaper than a timer per chunk.
    const idle =
      idleMs === undefined
        ? undefined
        : setTimeout(function onIdle() {
            if (waitingForReader) idle?.refresh();
            else fail(new StreamIdleTimeout(idleMs));
          }, idleMs);
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      signal.removeEventListener('abort', abort);
      response.destroy();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const abort = () => fail(new APIUserAbortError());
    const parser = createParser({
      onEvent: (event) => {
        if (settled || event.data.startsWith('[DONE]')) return;
        const data = JSON.parse(event.data) as ChatCompletionChunk & { error?: unknown };
        if (event.event === 'error' || (data as { error?: unknown }).error) {
          throw new APIError(undefined, data.error ?? data, undefined, toHeaders(response.headers));
        }
        onChunk(data);
      },
    });
    signal.addEventListener('abort', abort, { once: true });
    if (signal.aborted) return abort();
    response.setEncoding('utf8');
    response.on('data', (text: string) => {
      idle?.refresh();
      try {
        parser.feed(text);
      } catch (error) {
        return fail(error);
      }
      const waiting = settled ? undefined : ready?.();
      if (waiting) {
        waitingForReader = true;
        response.pause();
        void waiting.then(() => {
          waitingForReader = false;
          idle?.refresh();
          response.resume();
        });
      }
    });
    response.on('end', () => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      signal.removeEventListener('abort', abort);
      resolve();
    });
    response.on('error', fail);
    response.on('close', () => {
      if (!response.complete) fail(new Error('the connection closed before the response ended'));
    });
  });
}

class RequestTimeout extends Error {}

/** The model server sent nothing for `idleMs` while its stream was open and being read. */
export class StreamIdleTimeout extends Error {
  constructor(readonly idleMs: number) {
    super(`the model server sent nothing for ${idleMs} ms`);
  }
}

/**
 * Sends the request. The body is not captured by any of the request's listeners, which live as long as the
 * answer streams: a long prompt would otherwise stay in memory for every open answer.
 */
function post(url: string, payload: string, options: ChatStreamOptions): Promise<IncomingMessage> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const request = send(target, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      Authorization: `Bearer ${options.apiKey}`,
      'Content-Length': Buffer.byteLength(payload),
    },
  });
  const response = responseOf(request, options);
  if (!options.signal.aborted) request.end(payload);
  return response;
}

/** The response of a sent request, or its failure: a timeout until the headers, an abort, a broken connection. */
function responseOf(request: ClientRequest, options: ChatStreamOptions): Promise<IncomingMessage> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const timer = setTimeout(() => request.destroy(new RequestTimeout('the request timed out')), options.timeoutMs);
    const abort = () => request.destroy(new Error('the request was aborted'));
    const settle = () => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', abort);
    };
    options.signal.addEventListener('abort', abort, { once: true });
    request.on('response', (response) => {
      settle();
      resolve(response);
    });
    request.on('error', (error) => {
      settle();
      reject(error);
    });
    if (options.signal.aborted) abort();
  });
}

/** As the `openai` package decides: the server's `x-should-retry` first, then timeouts, conflicts, limits, 5xx. */
function shouldRetry(status: number, headers: IncomingHttpHeaders): boolean {
  const header = headers['x-should-retry'];
  if (header === 'true') return true;
  if (header === 'false') return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function retryAfterMs(headers: IncomingHttpHeaders): number | undefined {
  const ms = Number.parseFloat(String(headers['retry-after-ms'] ?? ''));
  if (!Number.isNaN(ms)) return ms;
  const after = headers['retry-after'];
  if (after === undefined) return undefined;
  const seconds = Number.parseFloat(after);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const at = Date.parse(after);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Exponential backoff from half a second, at most 8 s, with up to a quarter taken off at random. */
function defaultRetryMs(attempt: number): number {
  return Math.min(RETRY_FIRST_S * 2 ** attempt, RETRY_MAX_S) * (1 - Math.random() * 0.25) * 1000;
}

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  if (signal.aborted) throw new APIUserAbortError();
}

async function readAll(response: IncomingMessage): Promise<string> {
  response.setEncoding('utf8');
  let text = '';
  for await (const piece of response) text += piece as string;
  return text;
}

function parseJson(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function toHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) result.append(name, item);
    else if (value !== undefined) result.set(name, value);
  }
  return result;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
