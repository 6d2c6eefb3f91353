import pg from 'pg';
import { AnswerJournalStore, type AnswerBatch } from '../src/answer/answer-journal-store.js';
import { JournalFlusher, ROUND_SPACING_MS, type FlushableJournal } from '../src/answer/journal-flusher.js';
import { LiveAnswers } from '../src/answer/live-answers.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { openJournaledAnswer } from './support/journaled-answer.js';
import { startWithModel, type ModelTestbed } from './support/app.js';

/** A journal holding one batch, recording what the flusher told it. */
class OneBatchJournal implements FlushableJournal {
  outcome: 'stored' | 'failed' | undefined;
  /** Resolves when the flusher tells the journal what became of its batch. */
  readonly told: Promise<'stored' | 'failed'>;
  private tell!: (outcome: 'stored' | 'failed') => void;
  private batch: AnswerBatch | undefined;
  constructor(batch: AnswerBatch) {
    this.batch = batch;
    this.told = new Promise((resolve) => (this.tell = resolve));
  }
  takeBatch(): AnswerBatch | undefined {
    const batch = this.batch;
    this.batch = undefined;
    return batch;
  }
  stored(): void {
    this.outcome = 'stored';
    this.tell('stored');
  }
  failed(): void {
    this.outcome = 'failed';
    this.tell('failed');
  }
}

/** A journal whose one batch is a single text event. */
function textJournal(answer: { answerId: string; answerUuid: string }, text: string): OneBatchJournal {
  return new OneBatchJournal({ ...answer, events: [{ id: 1, data: text }] });
}

describe('the journal flusher writes every answer due in one statement', () => {
  const fake = new FakeOpenAi();
  let testbed: ModelTestbed;
  let db: pg.Client;

  beforeAll(async () => {
    testbed = await startWithModel(fake, { JOURNAL_FLUSH_MS: '50' });
    db = new pg.Client({ connectionString: testbed.server.database!.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await testbed.server.close();
    await fake.stop();
  });

  const openAnswer = () => openJournaledAnswer(testbed, db);

  const storedText = async (answerId: string) =>
    (
      (await db.query(`SELECT "remark" FROM "adi_conversation_message" WHERE "id" = $1`, [answerId])).rows[0] as {
        remark: string;
      }
    ).remark;

  it('stores many answers in one round and tells followers of each', async () => {
    const flusher = testbed.server.app.get(JournalFlusher);
    const live = testbed.server.app.get(LiveAnswers);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await openAnswer());
    const heard = answers.map((answer) => live.nextGrowth(answer.answerUuid, 5_000, new AbortController().signal));
    const journals = answers.map((answer, i) => textJournal(answer, `part ${i}`));
    for (const journal of journals) flusher.enlist(journal);
    await Promise.all(heard);
    await flusher.settled();
    expect(journals.map((journal) => journal.outcome)).toEqual(Array(5).fill('stored'));
    for (const [i, answer] of answers.entries()) expect(await storedText(answer.answerId)).toBe(`part ${i}`);
  });

  it('a hurried journal goes out at once in a round of its own; the others wait for the timer', async () => {
    const flusher = testbed.server.app.get(JournalFlusher);
    const [waiting, hurried] = [await openAnswer(), await openAnswer()];
    const waitingJournal = textJournal(waiting, 'waits');
    const hurriedJournal = textJournal(hurried, 'hurried');
    flusher.enlist(waitingJournal);
    flusher.hurry(hurriedJournal);
    await hurriedJournal.told;
    await flusher.settled();
    expect(hurriedJournal.outcome).toBe('stored');
    expect(waitingJournal.outcome).toBeUndefined();
    expect(await storedText(waiting.answerId)).toBe('');
    // JOURNAL_FLUSH_MS is 50 here: the timer's round takes it.
    expect(await waitingJournal.told).toBe('stored');
    expect(await storedText(waiting.answerId)).toBe('waits');
  });

  it('a batch the database refuses is handed back; the other answers of its round are stored', async () => {
    const flusher = testbed.server.app.get(JournalFlusher);
    const good = await openAnswer();
    const bad = await openAnswer();
    const goodJournal = textJournal(good, 'kept');
    // An event name longer than its column (32 characters): the database refuses this batch's rows.
    const badJournal = new OneBatchJournal({
      ...bad,
      events: [{ id: 1, event: 'x'.repeat(40), data: 'refused' }],
    });
    flusher.hurry(goodJournal);
    flusher.hurry(badJournal);
    await Promise.all([goodJournal.told, badJournal.told]);
    expect(goodJournal.outcome).toBe('stored');
    expect(badJournal.outcome).toBe('failed');
    expect(await storedText(good.answerId)).toBe('kept');
    expect(await storedText(bad.answerId)).toBe('');
  });

  it('starts a round no sooner than ROUND_SPACING_MS after the last one started', async () => {
    const flusher = testbed.server.app.get(JournalFlusher);
    const store = testbed.server.app.get(AnswerJournalStore);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await openAnswer());
    const journals = answers.map((answer, i) => textJournal(answer, `turn ${i}`));
    const starts: number[] = [];
    const appendMany = store.appendMany.bind(store);
    store.appendMany = (batches) => {
      starts.push(Date.now());
      return appendMany(batches);
    };
    try {
      // Each journal hurried as soon as the round before it has ended: back to back, the rounds would follow
      // one another as fast as the database answers.
      for (const journal of journals) {
        flusher.hurry(journal);
        while (journal.outcome === undefined) {
          await new Promise((resolve) => setImmediate(resolve));
          await flusher.settled();
        }
      }
    } finally {
      store.appendMany = appendMany;
    }
    expect(journals.map((journal) => journal.outcome)).toEqual(Array(6).fill('stored'));
    expect(starts).toHaveLength(6);
    // Timers keep to the millisecond of the clock they are read with: a round may start that much early.
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(ROUND_SPACING_MS - 1);
    }
    for (const [i, answer] of answers.entries()) expect(await storedText(answer.answerId)).toBe(`turn ${i}`);
  });
});
