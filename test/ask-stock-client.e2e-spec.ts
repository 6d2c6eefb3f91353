import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { FakeOpenAi } from './support/fake-openai.js';
import { startWithModel, type RunningApp } from './support/app.js';

/**
 * The stock AIDeepIn frontend reads the stream with @microsoft/fetch-event-source 2.x. This drives that very
 * client (with the few browser globals it touches) and reads the messages the way the frontend does.
 */
const browserGlobals = globalThis as unknown as { window?: unknown; document?: unknown };
browserGlobals.window ??= globalThis;
browserGlobals.document ??= { hidden: false, addEventListener: () => undefined, removeEventListener: () => undefined };

describe('the stock frontend SSE client', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    ({ server, token, conversation } = await startWithModel(fake, { SSE_HEARTBEAT_MS: '20' }));
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  it('sees [START] first, rebuilds the answer text, and reads [META] from [DONE]', async () => {
    fake.enqueue({
      content:
        '{"paragraphs":[{"text":"Line one\\nline two.","citationIds":["E1"]},{"text":" Second paragraph.","citationIds":[]}]}',
      chunkSizes: [3],
      delayMs: 15,
    });
    const messages: EventSourceMessage[] = [];
    let answer = '';
    await fetchEventSource(`${server.baseUrl}/conversation/message/process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({ conversationUuid: conversation, prompt: 'How are citation numbers given?' }),
      openWhenHidden: true,
      fetch: globalThis.fetch,
      onopen: (response) => {
        // The frontend aborts unless the header is exactly this.
        expect(response.headers.get('content-type')).toBe('text/event-stream');
        return Promise.resolve();
      },
      onmessage: (message) => {
        messages.push(message);
        if (message.event === '') answer += message.data === '-_wrap_-' ? '\n' : message.data;
      },
      onerror: (error: unknown) => {
        throw error;
      },
    });
    expect(messages[0]).toMatchObject({ event: '[START]' });
    expect(answer).toBe('Line one\nline two.\n\nSecond paragraph.');
    const done = messages.find((message) => message.event === '[DONE]')!;
    expect(done.data.startsWith('[META]{')).toBe(true);
    expect(JSON.parse(done.data.slice('[META]'.length))).toMatchObject({ answer: { paragraphCount: 2 } });
    expect(messages.at(-1)!.event).toBe('[DONE]');
  });
});
