/**
 * What one question costs before and after its tokens stream, step by step, measured inside the benchmark
 * server while it is otherwise idle: each step the ask endpoint takes for a question, run one after another
 * many times, with the CPU time of this process and of the database's processes, and the wall time of each.
 */
import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { cpuBetween, cpuReadings, databaseProcesses } from './database-cpu.js';
import { AuthService } from '../src/accounts/auth.service.js';
import { AnswerAdmission } from '../src/answer/answer-admission.js';
import type { AnswerLock } from '../src/answer/ask-limits.js';
import { AnswerJournalStore } from '../src/answer/answer-journal-store.js';
import { ConversationRepository } from '../src/conversations/conversation.repository.js';
import { newUuid } from '../src/platform/common/ids.js';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import { poolQuery } from '../src/platform/database/pool-query.js';
import { RETRIEVAL_PORT, type RetrievalPort } from '../src/knowledge/retrieval-port.js';
import { statementCounts, statementsBetween } from './statement-count.js';

export interface StepCost {
  step: string;
  /** This process's CPU time. */
  cpuMicros: number;
  /** The CPU time of the PostgreSQL backends serving this process (0 for PGlite, which runs in this one). */
  databaseCpuMicros: number;
  wallMs: number;
  /** Statements sent to PostgreSQL a round (the closing's share of a group when closings are grouped). */
  statements: number;
}

const QUESTION = 'How are retrieval chunks cited in an answer?';

export async function questionSteps(
  app: INestApplication,
  user: { token: string; conversationUuid: string },
  rounds: number,
): Promise<StepCost[]> {
  const auth = app.get(AuthService);
  const conversations = app.get(ConversationRepository);
  const admission = app.get(AnswerAdmission);
  const retrieval = app.get<RetrievalPort>(RETRIEVAL_PORT);
  const journal = app.get(AnswerJournalStore);

  const me = (await auth.userForToken(user.token))!;
  const { conversation, bases } = (await conversations.findWithBases(user.conversationUuid))!;
  const hits = await retrieval.retrieve(QUESTION, bases);

  let lock: AnswerLock | undefined;
  let opened: { answerId: string; questionId: string; answerUuid: string };
  // The limits and the journal are timed in the order a question takes them: each round takes the lock, counts the
  // question, opens the answer and closes it, which frees the lock again.
  const steps: [string, () => Promise<unknown>][] = [
    ['authentication (token and user)', () => auth.userForToken(user.token)],
    ['conversation and knowledge bases', () => conversations.findWithBases(user.conversationUuid)],
    ['retrieval (chunks and graph)', () => retrieval.retrieve(QUESTION, bases)],
    [
      // The lock, the rate count and the journal's opening: one statement where both limits are rows of the
      // database, three in turn otherwise.
      'lock, rate count, journal opening',
      async () => {
        const answerUuid = newUuid();
        const admitted = await admission.admit({
          userId: me.id,
          conversationId: conversation.id,
          conversationUuid: conversation.uuid,
          questionUuid: newUuid(),
          question: QUESTION,
          answerUuid,
          modelPlatform: 'bench',
          leaseMs: 30_000,
        });
        if ('refused' in admitted) throw admitted.refused;
        ({ lock } = admitted);
        opened = { answerUuid, answerId: admitted.answerId, questionId: admitted.questionId };
      },
    ],
    [
      // What the journal writes at every answer's end; with the lock in the same database, it frees the lock too.
      // (The flushes in between, which carry the paragraphs, are per-token work, measured by the load phases.)
      'journal closing',
      async () => {
        await journal.close({
          ...opened,
          newQuestion: true,
          userId: me.id,
          status: 'complete',
          citationMode: 'paragraph',
          parseOutcome: 'complete',
          hasCitationError: false,
          droppedCitationCount: 0,
          paragraphCount: 4,
          uncitedParagraphCount: 4,
          refCount: 0,
          verdicts: [],
          retrieval: hits,
          totalTokens: 0,
          completionTokens: 0,
          lastParagraphIndex: 3,
          unshownRefIds: [],
          paragraphs: [],
          citations: [],
          refs: [],
          events: [],
          lastSeq: 0,
          ...(lock?.freedWithAnswer ? { lockHolder: lock.holder } : {}),
        });
        if (lock?.freedWithAnswer) lock.freed();
        else await lock?.release();
      },
    ],
  ];
  const costs = steps.map(([step]) => ({ step, cpuMicros: 0, databaseCpuMicros: 0, wallMs: 0, statements: 0 }));
  // Warm-up, then rounds of every step in turn: the lock and the journal's statements depend on each other.
  for (let i = 0; i < 20; i++) for (const [, run] of steps) await run();
  // Listed once the pool's connections are all open, and read as few files as can be: the reading is not timed,
  // but what it allocates would be collected within the steps.
  const database = databaseProcesses(new URL(process.env.DATABASE_URL ?? 'postgres://localhost/').pathname.slice(1));
  const databaseCpu = () => cpuReadings(database);
  for (let i = 0; i < rounds; i++) {
    for (const [index, [, run]] of steps.entries()) {
      const databaseBefore = databaseCpu();
      const statementsBefore = statementCounts();
      const cpu = process.cpuUsage();
      const start = performance.now();
      await run();
      const wall = performance.now() - start;
      const used = process.cpuUsage(cpu);
      const cost = costs[index]!;
      cost.cpuMicros += (used.user + used.system) / rounds;
      cost.wallMs += wall / rounds;
      cost.databaseCpuMicros += cpuBetween(databaseBefore, databaseCpu()) / rounds;
      cost.statements += statementsBetween(statementsBefore, statementCounts()).total / rounds;
    }
  }
  return costs;
}

/**
 * What one statement costs this process by itself: a prepared one-row `SELECT` on the pool, sent one at a time
 * (each waits for the last, as the steps above do), then by 20 callers at once, as under load, where one wake-up
 * reads several replies. CPU µs per statement, of this process.
 */
export async function statementCost(
  app: INestApplication,
  count: number,
): Promise<{ alone: number; twentyAtOnce: number }> {
  const sql = poolQuery(app.get<DataSource>(DATA_SOURCE));
  const one = () => sql.rows('SELECT $1::bigint AS "id", $2::text AS "name"', ['1', 'bench'], 'bench_statement_cost');
  const timed = async (callers: number) => {
    let left = count;
    const caller = async () => {
      while (left-- > 0) await one();
    };
    const cpu = process.cpuUsage();
    await Promise.all(Array.from({ length: callers }, caller));
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / count;
  };
  await timed(20); // warm-up: every connection of the pool prepares the statement
  return { alone: await timed(1), twentyAtOnce: await timed(20) };
}
