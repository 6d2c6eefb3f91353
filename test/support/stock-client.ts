import type { EventSourceMessage } from 'eventsource-parser';
import { fetchEventSource } from '@microsoft/fetch-event-source';

/**
 * The stock AIDeepIn frontend's dispatch rule: `[START]`, `[ERROR]`, `[DONE]`, `[AUDIO]`, `[THINKING]` and
 * `[STATE_CHANGED]` are handled by name; for any other event, named or not, a leading `-_wrap_-` becomes a line
 * break and the data is appended to the answer text.
 */
const HANDLED = new Set(['[START]', '[ERROR]', '[DONE]', '[AUDIO]', '[THINKING]', '[STATE_CHANGED]']);

export function stockAnswerText(events: readonly Pick<EventSourceMessage, 'event' | 'data'>[]): string {
  let answer = '';
  for (const event of events) {
    if (event.event !== undefined && event.event !== '' && HANDLED.has(event.event)) continue;
    answer += event.data.startsWith('-_wrap_-') ? `\n${event.data.slice('-_wrap_-'.length)}` : event.data;
  }
  return answer;
}

// fetch-event-source touches a few browser globals.
const browserGlobals = globalThis as unknown as { window?: unknown; document?: unknown };
browserGlobals.window ??= globalThis;
browserGlobals.document ??= { hidden: false, addEventListener: () => undefined, removeEventListener: () => undefined };

export interface ClientMessage {
  event: string;
  data: string;
  id: string;
}

/** Reads a raw SSE body with @microsoft/fetch-event-source, the stock frontend's client. */
export async function parseWithFetchEventSource(raw: string): Promise<ClientMessage[]> {
  const messages: ClientMessage[] = [];
  await fetchEventSource('http://stream.invalid/', {
    openWhenHidden: true,
    fetch: () => Promise.resolve(new Response(raw, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })),
    onmessage: (message) => messages.push({ event: message.event, data: message.data, id: message.id }),
    onerror: (error: unknown) => {
      throw error;
    },
  });
  return messages;
}
