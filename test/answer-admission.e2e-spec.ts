import pg from 'pg';
import { Redis } from 'ioredis';
import { LimiterFactory } from '../src/platform/common/rate-limiter.js';
import { AuthService } from '../src/accounts/auth.service.js';
import type { AppConfig } from '../src/platform/config/app-config.js';
import { APP_CONFIG } from '../src/platform/config/config.module.js';
import { AnswerAdmission, type Admitted, type Refused } from '../src/answer/answer-admission.js';
import { AnswerJournalStore, type AdmittedOpening, type AnswerOpening } from '../src/answer/answer-journal-store.js';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import { poolQuery } from '../src/platform/database/pool-query.js';
import type { DataSource } from 'typeorm';
import { ASK_LIMITS, askRateLimiter, RedisAskLimits, type AskLimits } from '../src/answer/ask-limits.js';
import { startApp, type RunningApp } from './support/app.js';
import { capturedStatement, genericPlan, planNodes } from './support/generic-plan.js';
import { waitFor } from './support/wait-for.js';

/**
 * A question's admission against a real PostgreSQL: where the lock and the per-minute count are rows of the
 * answers' database, one statement takes both and opens the answer. It must decide and store exactly what the
 * same limits taken one after another (the lock, then the count through the rate limiter's own store, then the
 * opening) decide and store.
 */
const PER_MINUTE = 2;
const GROWING_TABLES = ['adi_conversation_message', 'adi_answer_stream', 'adi_ask_lock', 'adi_rate_limit'];

interface Held {
  points: number;
  locks: number;
  holder: string | undefined;
  questions: number;
  answers: number;
  streams: number;
}

describe('a question admitted', () => {
  let server: RunningApp;
  let db: pg.Client;
  let limits: AskLimits;
  let userId: string;
  let conversation: { id: string; uuid: string };
  let oneStatement: AnswerAdmission;
  let inTurn: AnswerAdmission;
  let answers = 0;

  beforeAll(async () => {
    server = await startApp({ ASK_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });
    db = new pg.Client({ connectionString: server.database!.url });
    await db.connect();
    const token = await server.login();
    userId = (await server.app.get(AuthService).userForToken(token))!.id;
    const uuid = await server.firstConversation(token);
    const { rows } = await db.query<{ id: string }>(`SELECT "id" FROM "adi_conversation" WHERE "uuid" = $1`, [uuid]);
    conversation = { id: String(rows[0]!.id), uuid };
    limits = server.app.get<AskLimits>(ASK_LIMITS);
    // On the PostgreSQL server both limits are rows: the application's admission takes them in its statement.
    expect(limits.rows).toBeDefined();
    const config = server.app.get<AppConfig>(APP_CONFIG);
    const store = server.app.get(AnswerJournalStore);
    oneStatement = server.app.get(AnswerAdmission);
    // The same limits without their rows: taken one after another, the count through the limiter's own store.
    inTurn = new AnswerAdmission(
      config,
      {
        acquire: (user, leaseMs) => limits.acquire(user, leaseMs),
        allow: (user) => limits.allow(user),
        renewMany: (locks, leaseMs) => limits.renewMany(locks, leaseMs),
      },
      store,
    );
  });

  afterAll(async () => {
    await db.end();
    await server.close();
  });

  const opening = (more: Partial<AnswerOpening> = {}): AnswerOpening => {
    answers += 1;
    const answerUuid = `a${answers.toString(16)}`.padEnd(32, '0');
    return {
      userId,
      conversationId: conversation.id,
      conversationUuid: conversation.uuid,
      questionUuid: answerUuid.replace(/^a/, 'q'),
      question: `Question ${answers}?`,
      answerUuid,
      modelPlatform: 'test',
      leaseMs: 15_000,
      ...more,
    };
  };

  const outcome = (admission: Admitted | Refused) => ('refused' in admission ? admission.refused.code : 'admitted');

  /** What the limits and the journal hold for the user: the count, the lock, the answers and questions opened. */
  async function held(user = userId): Promise<Held> {
    const count = await db.query<{ points: number }>(`SELECT "points" FROM "adi_rate_limit" WHERE "key" = $1`, [
      `ask:${user}`,
    ]);
    const lock = await db.query<{ holder: string }>(`SELECT "holder" FROM "adi_ask_lock" WHERE "user_id" = $1`, [user]);
    const messages = await db.query<Pick<Held, 'questions' | 'answers' | 'streams'>>(
      `SELECT count(*) FILTER (WHERE "message_role" = 1)::int AS "questions",
              count(*) FILTER (WHERE "answer_status" = 'streaming')::int AS "answers",
              (SELECT count(*)::int FROM "adi_answer_stream" WHERE "user_id" = $1) AS "streams"
         FROM "adi_conversation_message" WHERE "user_id" = $1`,
      [user],
    );
    return {
      points: count.rows[0]?.points ?? 0,
      locks: lock.rowCount ?? 0,
      holder: lock.rows[0]?.holder,
      ...messages.rows[0]!,
    };
  }

  async function forget() {
    await db.query(`DELETE FROM "adi_rate_limit"`);
    await db.query(`DELETE FROM "adi_ask_lock"`);
    await db.query(`DELETE FROM "adi_answer_stream"`);
    await db.query(`DELETE FROM "adi_conversation_message" WHERE "user_id" >= $1`, [userId]);
  }

  /** Every kind of admission in turn, with what is held after each. */
  async function playThrough(admission: AnswerAdmission) {
    await forget();
    const seen: unknown[] = [];
    const step = async (name: string, admitted: Admitted | Refused) => {
      const after = await held();
      seen.push({ name, outcome: outcome(admitted), ...after, holder: after.holder === undefined ? 'none' : 'some' });
      return admitted;
    };
    const first = (await step('first question', await admission.admit(opening()))) as Admitted;
    expect((await held()).holder).toBe(first.lock.holder);
    await step('while its answer is written', await admission.admit(opening()));
    await first.lock.release();
    const second = (await step('after the first let go', await admission.admit(opening()))) as Admitted;
    await second.lock.release();
    await step('over the limit', await admission.admit(opening()));
    await db.query(`UPDATE "adi_rate_limit" SET "expire" = $1`, [Date.now() - 1]);
    const third = (await step('in a new window', await admission.admit(opening()))) as Admitted;
    // A holder that died: its lease ran out, and the next question takes the lock over.
    await db.query(`UPDATE "adi_ask_lock" SET "expires_at" = now() - interval '1 second'`);
    const taken = (await step('over an expired lock', await admission.admit(opening()))) as Admitted;
    expect((await held()).holder).toBe(taken.lock.holder);
    expect(taken.lock.holder).not.toBe(third.lock.holder);
    await taken.lock.release();
    await db.query(`UPDATE "adi_rate_limit" SET "expire" = $1`, [Date.now() - 1]);
    // An earlier question answered again: the answer joins it, no question row is added.
    const again = (await step(
      'a question answered again',
      await admission.admit(opening({ questionId: first.questionId })),
    )) as Admitted;
    expect(again.questionId).toBe(first.questionId);
    await again.lock.release();
    return seen;
  }

  it('decides and stores what the limits taken one after another do', async () => {
    const together = await playThrough(oneStatement);
    const apart = await playThrough(inTurn);
    expect(together).toEqual(apart);
    expect(together.map((step) => (step as { outcome: string }).outcome)).toEqual([
      'admitted',
      'ANSWER_IN_PROGRESS',
      'admitted',
      'ASK_RATE_LIMITED',
      'admitted',
      'admitted',
      'admitted',
    ]);
    // The count left by one statement is the limiter's own: it goes on counting from it.
    await forget();
    const counted = (await oneStatement.admit(opening())) as Admitted;
    await counted.lock.release();
    expect(await limits.allow(userId)).toBe(true);
    expect(await limits.allow(userId)).toBe(false);
  });

  it('admits questions asked together in one statement, each as it would be admitted alone', async () => {
    const store = server.app.get(AnswerJournalStore);
    const rows = limits.rows!;
    // Users of their own, each in another state: the statement does not look the users up.
    const users = Array.from({ length: 6 }, (_, i) => String(Number(userId) + 1000 + i));
    const [fresh, busy, counted, abandoned, again, twice] = users as [string, string, string, string, string, string];
    async function arrange() {
      await forget();
      await db.query(
        `INSERT INTO "adi_ask_lock" ("user_id", "holder", "expires_at")
         VALUES ($1, 'busy', now() + interval '1 minute'), ($2, 'gone', now() - interval '1 second')`,
        [busy, abandoned],
      );
      await db.query(`INSERT INTO "adi_rate_limit" ("key", "points", "expire") VALUES ($1, $2, $3)`, [
        rows.rateKey(counted),
        PER_MINUTE,
        Date.now() + 60_000,
      ]);
      const earlier = (await oneStatement.admit(opening({ userId: again }))) as Admitted;
      await earlier.lock.release();
      await db.query(`DELETE FROM "adi_rate_limit" WHERE "key" = $1`, [rows.rateKey(again)]);
      return earlier.questionId;
    }
    const questions = (questionId: string) =>
      [fresh, busy, counted, abandoned, again, twice, twice].map((user) => ({
        ...opening({ userId: user, ...(user === again ? { questionId } : {}) }),
        holder: `holder of ${user}`,
        rateKey: rows.rateKey(user),
        perMinute: PER_MINUTE,
        windowMs: 60_000,
      }));
    const outcomes = (found: AdmittedOpening[]) =>
      found.map((one) =>
        !one.free ? 'in progress' : one.points > PER_MINUTE ? 'limited' : one.answerId ? 'opened' : 'lost',
      );
    // One after another: the test's client runs one query at a time.
    const state = async () => {
      const each = [];
      for (const user of users) each.push({ ...(await held(user)), user });
      return each;
    };

    const alone: AdmittedOpening[] = [];
    const earlierAlone = await arrange();
    for (const question of questions(earlierAlone)) alone.push(await store.openAdmitted(question, question));
    const aloneState = await state();

    const earlier = await arrange();
    const sql = poolQuery(server.app.get<DataSource>(DATA_SOURCE));
    const send = sql.rows.bind(sql);
    let statements = 0;
    sql.rows = (text, values, name) => {
      if (name === 'answer_open_admitted') statements++;
      return send(text, values, name);
    };
    let together: AdmittedOpening[];
    try {
      together = await Promise.all(questions(earlier).map((question) => store.openAdmitted(question, question)));
    } finally {
      sql.rows = send;
    }
    // Two went at once, and the four that came meanwhile together. The second question of a user whose question was
    // being admitted was refused at once, as held by a lock, and not counted: what it would have found alone.
    expect(statements).toBe(3);
    expect(outcomes(together)).toEqual(outcomes(alone));
    expect(outcomes(alone)).toEqual(['opened', 'in progress', 'limited', 'opened', 'opened', 'opened', 'in progress']);
    expect(await state()).toEqual(aloneState);
    // The question answered again is the one given, alone and together.
    expect([alone[4]!.questionId, together[4]!.questionId]).toEqual([earlierAlone, earlier]);
  });

  it('reads the tables that grow with every question through their indexes, planned for any questions', async () => {
    await forget();
    const dataSource = server.app.get<DataSource>(DATA_SOURCE);
    const sent = await capturedStatement(dataSource, 'answer_open_admitted', () => oneStatement.admit(opening()));
    const root = await genericPlan(dataSource, sent!);
    const wholeReads = planNodes(root)
      .filter((node) => node['Node Type'] === 'Seq Scan')
      .map((node) => node['Relation Name'])
      .filter((table) => GROWING_TABLES.includes(table!));
    expect(wholeReads).toEqual([]);
  });

  it('refuses a question whose lock another question took while the statement ran', async () => {
    await forget();
    // Another instance's question takes the lock and has not committed when this one's statement starts: the
    // statement sees the lock free, counts the question, then waits for the other's row, which is live.
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO "adi_ask_lock" ("user_id", "holder", "expires_at") VALUES ($1, 'other', now() + interval '1 minute')`,
      [userId],
    );
    const admitting = oneStatement.admit(opening());
    // Seen from another connection: a transaction sees the server's activity as it was at its start.
    const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const activity = server.app.get<DataSource>(DATA_SOURCE);
    await waitFor(
      async () =>
        (
          await activity.query<unknown[]>('SELECT 1 FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))', [
            rows[0]!.pid,
          ])
        ).length > 0,
      { what: "the admitting statement to wait for the other question's lock" },
    );
    await db.query('COMMIT');
    expect(outcome(await admitting)).toBe('ANSWER_IN_PROGRESS');
    expect(await held()).toMatchObject({ points: 1, locks: 1, holder: 'other', answers: 0, streams: 0 });
  });

  it('leaves neither a count nor a lock when the answer cannot be opened', async () => {
    await forget();
    const first = (await oneStatement.admit(opening())) as Admitted;
    await first.lock.release();
    const before = await held();
    // The answer's uuid is taken: its row cannot be stored.
    const failed = await oneStatement.admit({ ...opening(), answerUuid: (await answerUuidOf(first.answerId))! });
    expect('refused' in failed && failed.refused.code).toBe('STORAGE_FAILED');
    expect(await held()).toEqual(before);
  });

  it("refuses a question as STORAGE_FAILED, holding nothing, when the limits' store cannot be reached", async () => {
    // A Redis that does not listen, with the application's client settings: each command fails after its retries.
    // (Closing such a client waits `disconnectTimeout` for a socket that never opened.)
    const gone = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 2, disconnectTimeout: 10 });
    gone.on('error', () => undefined);
    const unreachable = new RedisAskLimits(gone, askRateLimiter(new LimiterFactory({ redis: gone }), PER_MINUTE));
    const config = server.app.get<AppConfig>(APP_CONFIG);
    const store = server.app.get(AnswerJournalStore);
    try {
      await forget();
      const noLock = await new AnswerAdmission(config, unreachable, store).admit(opening());
      expect('refused' in noLock && noLock.refused.code).toBe('STORAGE_FAILED');
      expect('refused' in noLock && noLock.refused.message).toMatch(/limits is unavailable/);
      expect(await held()).toMatchObject({ points: 0, locks: 0, questions: 0, answers: 0, streams: 0 });
      // The lock is taken where it lives, then the count cannot be: the lock is let go, nothing is opened.
      const lockedThenLost = new AnswerAdmission(
        config,
        {
          acquire: (user, leaseMs) => limits.acquire(user, leaseMs),
          allow: (user) => unreachable.allow(user),
          renewMany: (locks, leaseMs) => limits.renewMany(locks, leaseMs),
        },
        store,
      );
      const noCount = await lockedThenLost.admit(opening());
      expect('refused' in noCount && noCount.refused.code).toBe('STORAGE_FAILED');
      expect(await held()).toMatchObject({ points: 0, locks: 0, questions: 0, answers: 0, streams: 0 });
      // Once the store is back, the user is not held out by anything the failures left.
      expect(outcome(await inTurn.admit(opening()))).toBe('admitted');
    } finally {
      gone.disconnect();
      await forget();
    }
  });

  async function answerUuidOf(answerId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ uuid: string }>(`SELECT "uuid" FROM "adi_conversation_message" WHERE "id" = $1`, [
      answerId,
    ]);
    return rows[0]?.uuid;
  }
});
