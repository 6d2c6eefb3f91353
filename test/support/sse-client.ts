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
  return readStream(response);
}

/** Reads a whole SSE response (an answer, or a resumed one). */
export async function readStream(response: Response): Promise<StreamedAnswer> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  let raw = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    raw += text;
    parser.feed(text);
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    raw,
    events,
  };
}

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
