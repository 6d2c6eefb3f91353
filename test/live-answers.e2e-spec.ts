import pg from 'pg';
import { JOURNAL_CHANNEL } from '../src/answer/answer-journal-sql.js';
import { LiveAnswers } from '../src/answer/live-answers.js';
import { startApp, type RunningApp } from './support/app.js';
import { waitFor } from './support/wait-for.js';

/**
 * The instance listens to the journal channel only while one of its readers follows an answer: every journal
 * round notifies it, and an instance that only writes answers would otherwise read one notification per round.
 * A reader that attaches is woken by the notifications of another instance's rounds; once the last one detaches,
 * the instance stops listening.
 */
describe('live answers listen to journal rounds only while a reader follows one', () => {
  let server: RunningApp;
  let live: LiveAnswers;
  let db: pg.Client;
  const answerUuid = 'c'.repeat(32);

  beforeAll(async () => {
    server = await startApp({});
    live = server.app.get(LiveAnswers);
    db = new pg.Client({ connectionString: server.database!.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await server.close();
  });

  /** What the instance's answer-signal listener last asked of its database session. */
  const listenerStatement = async () =>
    (
      await db.query<{ query: string }>(
        `SELECT query FROM pg_stat_activity
          WHERE datname = current_database() AND query ~ '^(UN)?LISTEN adi_answer_'`,
      )
    ).rows[0]?.query;

  /** Resolves when the answer's journal is said to have grown here; only a signal ends it, never a poll. */
  const grown = (abort: AbortSignal) => live.nextGrowth(answerUuid, 3_600_000, abort);

  it('listens once a reader attaches, is woken by another instance, and stops when the reader leaves', async () => {
    expect(await listenerStatement()).not.toContain(JOURNAL_CHANNEL);
    const abort = new AbortController();
    try {
      // Attaching asks for the LISTEN; the reader is told to look at the journal once it is in place.
      const listening = grown(abort.signal);
      const detach = live.attachReader(answerUuid);
      await listening;
      // Another instance's round notifies the channel: the reader here is woken by it.
      const woken = grown(abort.signal);
      await db.query(`SELECT pg_notify($1, $2)`, [JOURNAL_CHANNEL, `${'d'.repeat(32)},${answerUuid}`]);
      await woken;
      detach();
      await waitFor(async () => (await listenerStatement()) === `UNLISTEN ${JOURNAL_CHANNEL}`, {
        what: 'the listener to stop listening to the journal channel',
      });
      // A reader that comes again is listened for again.
      const again = grown(abort.signal);
      const detachAgain = live.attachReader(answerUuid);
      await again;
      const wokenAgain = grown(abort.signal);
      await db.query(`SELECT pg_notify($1, $2)`, [JOURNAL_CHANNEL, answerUuid]);
      await wokenAgain;
      detachAgain();
    } finally {
      abort.abort();
    }
  });
});
