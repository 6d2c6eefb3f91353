import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseReply {
  status: number;
  contentType: string | null;
  events: EventSourceMessage[];
}

/** POSTs `body` to an SSE endpoint and reads the whole reply with a spec-compliant parser that is not ours. */
export async function postSse(url: string, token: string, body: unknown, signal?: AbortSignal): Promise<SseReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(chunk, { stream: true }));
  }
  return { status: response.status, contentType: response.headers.get('content-type'), events };
}

const HANDLED = new Set(['[START]', '[ERROR]', '[DONE]', '[AUDIO]', '[THINKING]', '[STATE_CHANGED]']);

/**
 * The answer bubble of the stock AIDeepIn web app after a stream, by its dispatch rule: `[START]` empties it,
 * `[ERROR]` replaces it with `系统提示：` and the message, `[DONE]` appends its data unless it is `[META]`, the other
 * events it knows are not shown, and for any other event name, named or not, a leading `-_wrap_-` becomes a
 * line break and the data is appended.
 */
export function stockAppAnswer(events: readonly EventSourceMessage[]): string {
  let answer = '';
  for (const { event, data } of events) {
    if (event === '[START]') answer = '';
    else if (event === '[ERROR]') answer = `系统提示：${data}`;
    else if (event === '[DONE]') answer += data.startsWith('[META]') ? '' : data;
    else if (event === undefined || !HANDLED.has(event)) {
      answer += data.startsWith('-_wrap_-') ? `\n${data.slice('-_wrap_-'.length)}` : data;
    }
  }
  return answer;
}
