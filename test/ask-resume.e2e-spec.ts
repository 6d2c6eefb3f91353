import { FakeOpenAi, gate } from './support/fake-openai.js';
import { startApp, startWithModel, type RunningApp } from './support/app.js';
import {
  answerText,
  ask,
  followStream,
  legacyAnswerText,
  reachedId,
  type StreamedAnswer,
} from './support/sse-client.js';
import { eventWithin } from './support/wait-for.js';

/**
 * Resume and stop: a finished answer replays byte for byte; a live one replays from any event id and then
 * follows what is still written, on the instance that writes it and on another; a resumable answer outlives
 * its reader's disconnect; stop ends the live stream with [DONE] and stores the answer as interrupted.
 */
const QUESTION = 'How are citation numbers given?';
const PARAGRAPHS = Array.from({ length: 12 }, (_, i) => ({
  text: `Paragraph ${i} of a slow answer.`,
  citationIds: [],
}));
const ANSWER = JSON.stringify({ paragraphs: PARAGRAPHS });
/** The answer, its model held before paragraph 4 until `until`: still being written while the test acts on it. */
const heldAnswer = (until: Promise<unknown>) => ({
  content: ANSWER,
  chunkSizes: [8],
  holds: [{ before: 'Paragraph 4 ', until }],
});

/** The body without heartbeat comment lines, which a replay need not repeat. */
const withoutComments = (raw: string) => raw.replace(/^:.*\n/gm, '');

describe('resuming and stopping an answer', () => {
  const fake = new FakeOpenAi();
  let first: RunningApp;
  let second: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    ({
      server: first,
      token,
      conversation,
    } = await startWithModel(fake, {
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      ASK_REPAIR_RETRY: 'false',
      JOURNAL_FLUSH_MS: '50',
      ASK_RESUME_GRACE_MS: '3000',
    }));
    // A second instance on the same database.
    second = await startApp({
      DATABASE_URL: first.database!.url,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MAX_RETRIES: '0',
    });
  });

  afterAll(async () => {
    await second.close();
    await first.close();
    await fake.stop();
  });

  /** Resumes an answer, and follows the resumed stream as it arrives. */
  const follow = async (server: RunningApp, answerUuid: string, lastEventId?: number) =>
    followStream(
      await fetch(`${server.baseUrl}/conversation/message/stream/${answerUuid}`, {
        headers: {
          Authorization: token,
          ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }),
        },
      }),
    );
  const resume = async (server: RunningApp, answerUuid: string, lastEventId?: number) =>
    (await follow(server, answerUuid, lastEventId)).finished;

  /** Starts an answer and resolves once its uuid is known (headers are in), with the rest of the reply. */
  const startAnswer = async (body: Record<string, unknown>, signal?: AbortSignal) => {
    const response = await fetch(`${first.baseUrl}/conversation/message/process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({ conversationUuid: conversation, prompt: QUESTION, ...body }),
      ...(signal ? { signal } : {}),
    });
    return { answerUuid: response.headers.get('x-answer-uuid')!, reply: followStream(response) };
  };

  it('replays a finished answer byte for byte, and from any event id', async () => {
    fake.enqueue({ content: ANSWER, chunkSizes: [16] });
    const live = await ask(first.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    const answerUuid = live.headers.get('x-answer-uuid')!;
    expect(answerUuid).toMatch(/^[0-9a-f]{32}$/);
    const replay = await resume(first, answerUuid);
    expect(replay.raw).toBe(withoutComments(live.raw));
    const fromSix = await resume(second, answerUuid, 6);
    expect(fromSix.events).toEqual(live.events.slice(6));
  });

  it('follows a live answer from the middle, on the writing instance and on another one', async () => {
    const model = gate();
    fake.enqueue(heldAnswer(model.opened));
    const { answerUuid, reply } = await startAnswer({});
    await reply.until(reachedId(5), 'event 5 of the answer');
    const same = await follow(first, answerUuid, 3);
    const other = await follow(second, answerUuid, 5);
    // Both have caught up with what was written while the model is held; the rest they follow as it is written.
    await same.until(reachedId(4), 'event 4, replayed on the writing instance');
    await other.until(reachedId(6), 'event 6, replayed on the other instance');
    expect(legacyAnswerText(reply.events)).not.toContain('Paragraph 4 ');
    model.open();
    const [original, sameAnswer, otherAnswer] = await Promise.all([reply.finished, same.finished, other.finished]);
    expect(original.events.at(-1)!.event).toBe('[DONE]');
    expect(sameAnswer.events).toEqual(original.events.slice(3));
    expect(otherAnswer.events).toEqual(original.events.slice(5));
  });

  it('keeps writing a resumable answer after its reader left, and the reader picks it up where it stopped', async () => {
    const model = gate();
    fake.enqueue(heldAnswer(model.opened));
    const asked = fake.received(fake.requests.length);
    const controller = new AbortController();
    const { answerUuid, reply } = await startAnswer({ resumable: true }, controller.signal);
    let seen: StreamedAnswer | undefined;
    const reading = reply.finished.then((answer) => (seen = answer)).catch(() => undefined);
    await reply.until(answerText, 'the first text of the answer');
    controller.abort();
    await reading;
    // Let go only once the reader has left: the service reads the model's answer to its end with no one reading.
    model.open();
    const request = await eventWithin(asked, { what: 'the model request' });
    await eventWithin(request.written, { what: 'the rest of the answer to be taken from the model' });
    const rest = await resume(second, answerUuid, 2);
    expect(rest.events.at(-1)!.event).toBe('[DONE]');
    expect(rest.events[0]!.id).toBe('3');
    expect(seen).toBeUndefined();
  });

  it('stops an answer at once: the live stream ends with [DONE], and the answer is interrupted', async () => {
    // The model is never let go: the stop must end the answer while the model is still writing it.
    const model = gate();
    fake.enqueue(heldAnswer(model.opened));
    const { answerUuid, reply } = await startAnswer({});
    await reply.until(answerText, 'the first text of the answer');
    // Asked on the other instance: the one that writes it stops it.
    const stopped = await fetch(`${second.baseUrl}/conversation/message/stop/${answerUuid}`, {
      method: 'POST',
      headers: { Authorization: token },
    });
    expect(await stopped.json()).toEqual({ success: true, data: true });
    // The model is held: only the stop can end the stream.
    const live = await eventWithin(reply.finished, { what: 'the live stream to end after the stop' });
    expect(live.events.at(-1)!.event).toBe('[DONE]');
    const text = live.events.filter((event) => event.event === undefined).length;
    expect(text).toBeLessThan(PARAGRAPHS.length * 4);
    expect(legacyAnswerText(live.events)).not.toContain('Paragraph 4 ');
    const history = (await (
      await fetch(`${first.baseUrl}/conversation/${conversation}?maxMsgUuid=&pageSize=50`, {
        headers: { Authorization: token },
      })
    ).json()) as { data: { msgList: { children: { uuid: string; answerStatus?: string }[] }[] } };
    const answers = history.data.msgList.flatMap((question) => question.children);
    expect(answers.find((answer) => answer.uuid === answerUuid)).toBeDefined();
    const replay = await resume(first, answerUuid);
    expect(replay.raw).toBe(withoutComments(live.raw));
  });

  it('answers an unknown answer with ANSWER_NOT_FOUND', async () => {
    const replay = await resume(first, '0'.repeat(32));
    expect(replay.events).toMatchObject([{ event: '[ERROR]' }]);
    expect(replay.events[0]!.data).toMatch(/^ANSWER_NOT_FOUND: /);
  });
});
