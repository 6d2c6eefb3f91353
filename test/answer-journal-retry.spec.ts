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

/**
 * The journal's side of a database outage, with the test in the flusher's place: it takes the batches, and says
 * whether each round stored or failed. The spill directory is real.
 */
describe('an answer journal whose database is away', () => {
  const answer = { answerId: '7', answerUuid: 'a'.repeat(32) };
  let directory: string;
  let journal: AnswerJournal;
  let sent: number[];
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
    const rounds = { hurry: () => undefined, enlist: () => undefined } as unknown as JournalFlusher;
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
});
