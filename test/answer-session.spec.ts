import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { from } from 'rxjs';
import { answerEvents } from '../src/answer/answer-events.js';
import { AnswerFrameMapper } from '../src/answer/answer-frames.js';
import { AnswerSession, type Shown } from '../src/answer/answer-session.js';
import { SseConnection } from '../src/platform/sse/sse-connection.js';
import { catalogOf, loadModelOutputs } from './support/fixtures.js';
import { chunkBy, contentDeltas } from './support/run-pipeline.js';
import { parseWithFetchEventSource, stockAnswerText } from './support/stock-client.js';

/**
 * One answer session per fixture case, over a real HTTP response: what the session says was shown is what the
 * stock client reads from the bytes, and the paragraphs' text is kept once, not also as a copy in the log.
 */
const fixtures = loadModelOutputs();
const catalog = catalogOf(fixtures.offered);

interface Served {
  shown: Shown;
  answerText: string;
  sharedTextLength: number;
}

const META = { questionUuid: 'question', answerUuid: 'answer', isRefEmbedding: true, isRefGraph: false };

let server: Server;
let url: string;
let nextAnswer: { chunks: string[]; served: (result: Served) => void; failed: (error: Error) => void } | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = nextAnswer!;
    const session = new AnswerSession(
      new SseConnection(request, response, 0),
      // As the stock client asks: no citation events, whose data it would add to the answer text.
      new AnswerFrameMapper({ profile: 'chat', citationEvents: false }),
      undefined,
      1_000_000,
    );
    session.emit(session.mapper.start());
    void session.run(from(contentDeltas(answer.chunks)).pipe(answerEvents(catalog, {}))).then((ending) => {
      if (ending.kind !== 'complete') {
        // Fails the test at once, with the reason, instead of leaving it to time out on an open stream.
        answer.failed(new Error(`the answer did not complete: ${ending.kind}`));
        session.sendAndEnd([]);
        return;
      }
      const summary = ending.done.summary;
      const end = session.mapper.done(summary, META);
      session.record(end);
      answer.served({
        shown: session.shown(),
        answerText: summary.answerText!,
        sharedTextLength: session.sharedTextLength,
      });
      session.sendAndEnd(end);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function serve(chunks: string[]): Promise<{ served: Served; body: string }> {
  const served = new Promise<Served>((resolve, reject) => (nextAnswer = { chunks, served: resolve, failed: reject }));
  const body = await new Promise<string>((resolve, reject) => {
    get(url, (response) => {
      let raw = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (raw += text));
      response.on('end', () => resolve(raw));
    }).on('error', reject);
  });
  return { served: await served, body };
}

describe('AnswerSession over every fixture case', () => {
  for (const fixture of fixtures.cases) {
    it(`${fixture.name}: shows what the stock client reads, and keeps each paragraph's text once`, async () => {
      for (const chunks of [[fixture.raw], chunkBy(fixture.raw, [3])]) {
        const { served, body } = await serve(chunks);
        expect(served.shown.text).toBe(stockAnswerText(await parseWithFetchEventSource(body)));
        expect(served.shown.text).toBe(served.answerText);
        const paragraphChars = served.shown.paragraphs.reduce((sum, paragraph) => sum + paragraph.text.length, 0);
        expect(served.sharedTextLength).toBe(paragraphChars);
      }
    });
  }
});
