import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface StreamedAnswer {
  status: number;
  headers: Headers;
  contentType: string | null;
  /** The body exactly as it arrived. */
  raw: string;
  events: EventSourceMessage[];
}

/**
 * Posts a question and reads the whole SSE reply with a spec-compliant parser that is not ours. Asks for the
 * citation events (header `X-Citation-Events: paragraph`) unless `legacyOnly` is set.
 */
export async function ask(
  baseUrl: string,
  token: string,
  body: unknown,
  signal?: AbortSignal,
  legacyOnly = false,
): Promise<StreamedAnswer> {
  return (await openAsk(baseUrl, token, body, signal, legacyOnly)).finished;
}

/** Posts a question as {@link ask} does and follows the reply as it arrives. */
export async function openAsk(
  baseUrl: string,
  token: string,
  body: unknown,
  signal?: AbortSignal,
  legacyOnly = false,
): Promise<FollowedStream> {
  const response = await fetch(`${baseUrl}/conversation/message/process`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: token,
      ...(legacyOnly ? {} : { 'X-Citation-Events': 'paragraph' }),
    },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  return followStream(response);
}

/** Reads a whole SSE response (an answer, or a resumed one). */
export function readStream(response: Response): Promise<StreamedAnswer> {
  return followStream(response).finished;
}

/** A test for {@link FollowedStream.until}: given an event and the events up to it, whether it is the one awaited. */
export type AwaitedEvent = (event: EventSourceMessage, upToIt: readonly EventSourceMessage[]) => boolean;

/** An SSE response being read: the events so far, and a way to wait for one. */
export interface FollowedStream {
  readonly events: readonly EventSourceMessage[];
  /** The whole reply, once it ends; rejects as reading does (an aborted request, a dropped connection). */
  readonly finished: Promise<StreamedAnswer>;
  /**
   * Resolves with the first event that passes `test`, as soon as it has come (at once if it has); rejects, saying
   * `what` was awaited, if the stream ends without it.
   */
  until(test: AwaitedEvent, what: string): Promise<EventSourceMessage>;
}

/** Reads an SSE response as it arrives, telling each waiter the moment its event has come. */
export function followStream(response: Response): FollowedStream {
  const events: EventSourceMessage[] = [];
  const waiters = new Set<{ test: AwaitedEvent; settle(event?: EventSourceMessage): void }>();
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      for (const waiter of waiters) if (waiter.test(event, events)) waiter.settle(event);
    },
  });
  let ended = false;
  const finished = (async () => {
    let raw = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        raw += text;
        parser.feed(text);
      }
    } finally {
      ended = true;
      for (const waiter of waiters) waiter.settle();
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      headers: response.headers,
      raw,
      events,
    };
  })();
  // A failed read is the concern of whoever awaits `finished`; waiters hear of the end through `until`.
  finished.catch(() => undefined);
  const until = (test: AwaitedEvent, what: string) =>
    new Promise<EventSourceMessage>((resolve, reject) => {
      const come = events.find((event, i) => test(event, events.slice(0, i + 1)));
      if (come) return resolve(come);
      const waiter = {
        test,
        settle: (event?: EventSourceMessage) => {
          waiters.delete(waiter);
          if (event) resolve(event);
          else
            reject(new Error(`the stream ended before ${what}; its last events: ${JSON.stringify(events.slice(-3))}`));
        },
      };
      if (ended) waiter.settle();
      else waiters.add(waiter);
    });
  return { events, finished, until };
}

/** A test for {@link FollowedStream.until}: text of the answer (an unnamed event), so the model is writing it. */
export const answerText: AwaitedEvent = (event) => event.event === undefined;

/** A test for {@link FollowedStream.until}: the event with this id, or a later one. */
export const reachedId =
  (id: number): AwaitedEvent =>
  (event) =>
    event.id !== undefined && Number(event.id) >= id;

/** The answer text a legacy client rebuilds: every unnamed event joined, `-_wrap_-` read as a line break. */
export function legacyAnswerText(events: readonly EventSourceMessage[]): string {
  return events
    .filter((event) => event.event === undefined)
    .map((event) => (event.data === '-_wrap_-' ? '\n' : event.data))
    .join('');
}

export function named(events: readonly EventSourceMessage[], name: string): EventSourceMessage[] {
  return events.filter((event) => event.event === name);
}

export function meta(events: readonly EventSourceMessage[]): Record<string, Record<string, unknown>> {
  const done = named(events, '[DONE]')[0];
  if (done === undefined) throw new Error('no [DONE] event');
  return JSON.parse(done.data.replace(/^\[META\]/, '')) as Record<string, Record<string, unknown>>;
}
