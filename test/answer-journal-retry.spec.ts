import { Logger } from '@nestjs/common';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../src/platform/config/app-config.js';
import { AnswerJournal } from '../src/answer/answer-journal.js';
import type { AnswerJournalStore } from '../src/answer/answer-journal-store.js';
import { AnswerSpill } from '../src/answer/answer-spill.js';
import type { JournalFlusher } from '../src/answer/journal-flusher.js';
import type { SseFrame } from '../src/platform/sse/sse-frames.js';
import { eventWithin } from './support/wait-for.js';

/**
 * The journal's side of a database outage, with the test in the flusher's place: it takes the batches, and says
 * whether each round stored or failed. The spill directory is real.
 */
describe('an answer journal whose database is away', () => {
  const answer = { answerId: '7', answerUuid: 'a'.repeat(32) };
  let directory: string;
  let journal: AnswerJournal;
  let sent: number[];
  /** Resolvers of those waiting for the journal to hurry the flusher. */
  let hurryWaiters: (() => void)[];
  /** Resolves when the journal next asks the flusher for a round. */
  const nextHurry = () => new Promise<void>((resolve) => hurryWaiters.push(resolve));
  const outage = new Error('connect ECONNREFUSED 127.0.0.1:5432');
  const frame = (id: number): SseFrame => ({ id, data: `token ${id}` });
  /** Lets the journal's deliveries (which wait for the spill file) run. */
  const delivered = () => journal.drain();

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'journal-retry-'));
    const spill = new AnswerSpill(
      { journal: { spillDir: directory } } as AppConfig,
      undefined as unknown as AnswerJournalStore,
    );
    // The flusher's rounds are the test's: being hurried or enlisted asks nothing of it here.
    // (Each test's own waiters: a retry timer of an earlier test's journal may still go off.)
    const waiters: (() => void)[] = [];
    hurryWaiters = waiters;
    const rounds = {
      hurry: () => waiters.splice(0).forEach((resolve) => resolve()),
      enlist: () => undefined,
    } as unknown as JournalFlusher;
    journal = new AnswerJournal(
      rounds,
      undefined as unknown as AnswerJournalStore,
      spill,
      answer,
      { storeRetryMs: 0 },
      new Logger('test'),
    );
    sent = [];
    journal.deliverTo((frames) => sent.push(...frames.map((sentFrame) => sentFrame.id!)));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('sends every frame once, in order, when frames come while a retry is being written and it fails', async () => {
    journal.record([frame(1)]);
    journal.failed(journal.takeBatch(Date.now())!, outage);
    // Recorded while the first failure's frames wait to be kept locally, then taken by the retry with them.
    journal.record([frame(2)]);
    const retry = journal.takeBatch(Date.now() + 60_000)!;
    expect(retry.events.map((event) => event.id)).toEqual([1, 2]);
    // Recorded while the retry is being written.
    journal.record([frame(3)]);
    await delivered();
    journal.failed(retry, outage);
    journal.record([frame(4)]);
    await delivered();
    expect(sent).toEqual([1, 2, 3, 4]);
    const kept = (await readFile(join(directory, `events-${answer.answerUuid}-${answer.answerId}.jsonl`), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as SseFrame).id!);
    // Each frame was kept in the spill directory before it was sent.
    expect([...new Set(kept)].sort((one, other) => one - other)).toEqual([1, 2, 3, 4]);
  });

  it('sends every frame once, in order, when frames come while a retry is being written and it succeeds', async () => {
    journal.record([frame(1)]);
    journal.failed(journal.takeBatch(Date.now())!, outage);
    journal.record([frame(2)]);
    const retry = journal.takeBatch(Date.now() + 60_000)!;
    journal.record([frame(3)]);
    await delivered();
    journal.stored(retry);
    journal.record([frame(4)]);
    journal.stored(journal.takeBatch(Date.now() + 60_000)!);
    await delivered();
    expect(sent).toEqual([1, 2, 3, 4]);
  });

  it('sends every frame once, in order, when the database is back while frames still wait to be kept locally', async () => {
    journal.record([frame(1)]);
    journal.failed(journal.takeBatch(Date.now())!, outage);
    journal.record([frame(2)]);
    // The database is back: the retry stores frames 1 and 2 before they were kept locally and sent from there.
    journal.stored(journal.takeBatch(Date.now() + 60_000)!);
    // The next round is under way when the frames waiting to be kept locally are.
    journal.record([frame(3)]);
    const next = journal.takeBatch(Date.now() + 60_000)!;
    await delivered();
    journal.stored(next);
    journal.record([frame(4)]);
    journal.stored(journal.takeBatch(Date.now() + 60_000)!);
    await delivered();
    expect(sent).toEqual([1, 2, 3, 4]);
  });

  it('is hurried again when the round its retry timer asked for finds the pause not quite over', async () => {
    journal.record([frame(1)]);
    const failedAt = Date.now();
    const pauseOver = nextHurry();
    journal.failed(journal.takeBatch(failedAt)!, outage);
    await eventWithin(pauseOver, { what: 'the hurry of the retry timer', timeoutMs: 5_000 });
    // The round it asked for reads Date.now, which a timer's clock need not agree with: to that round the pause
    // (100 ms at the first failure) is not over yet, and nothing else hurries the journal (the model is waiting).
    const again = nextHurry();
    expect(journal.takeBatch(failedAt + 99)).toBeUndefined();
    await eventWithin(again, { what: 'the journal to be hurried again', timeoutMs: 5_000 });
    // Hurried until the pause is over by Date.now too: then the round takes the retry.
    let retry = journal.takeBatch(Date.now());
    while (retry === undefined) {
      await eventWithin(nextHurry(), { what: 'the journal to be hurried again', timeoutMs: 5_000 });
      retry = journal.takeBatch(Date.now());
    }
    expect(retry.events.map((event) => event.id)).toEqual([1]);
  });
});
