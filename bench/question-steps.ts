/**
 * What one question costs before and after its tokens stream, step by step, measured inside the benchmark
 * server while it is otherwise idle: each step the ask endpoint takes for a question, run one after another
 * many times, with the process's CPU time and the wall time of each.
 */
import type { INestApplication } from '@nestjs/common';
import { AuthService } from '../src/auth/auth.service.js';
import { ASK_LIMITS, type AskLimits } from '../src/conversation/ask-limits.js';
import { AnswerJournalStore } from '../src/conversation/answer-journal-store.js';
import { ConversationRepository, knowledgeBaseIdsOf } from '../src/conversation/conversation.repository.js';
import { newUuid } from '../src/common/ids.js';
import { KnowledgeRepository } from '../src/knowledge/knowledge.repository.js';
import { RETRIEVAL_PORT, type RetrievalPort } from '../src/knowledge/retrieval-port.js';

export interface StepCost {
  step: string;
  cpuMicros: number;
  wallMs: number;
}

const QUESTION = 'How are retrieval chunks cited in an answer?';

export async function questionSteps(
  app: INestApplication,
  user: { token: string; conversationUuid: string },
  rounds: number,
): Promise<StepCost[]> {
  const auth = app.get(AuthService);
  const conversations = app.get(ConversationRepository);
  const knowledge = app.get(KnowledgeRepository);
  const limits = app.get<AskLimits>(ASK_LIMITS);
  const retrieval = app.get<RetrievalPort>(RETRIEVAL_PORT);
  const journal = app.get(AnswerJournalStore);

  const me = (await auth.userForToken(user.token))!;
  const conversation = (await conversations.findByUuid(user.conversationUuid))!;
  const bases = await knowledge.findBasesByIds(knowledgeBaseIdsOf(conversation));
  const hits = await retrieval.retrieve(QUESTION, bases);

  const steps: [string, () => Promise<unknown>][] = [
    ['authentication (token and user)', () => auth.userForToken(user.token)],
    ['conversation look-up', () => conversations.findByUuid(user.conversationUuid)],
    ['knowledge-base look-up', () => knowledge.findBasesByIds(knowledgeBaseIdsOf(conversation))],
    ['retrieval', () => retrieval.retrieve(QUESTION, bases)],
    [
      // The user's one-answer lock and per-minute count, and what the journal writes for every answer: the
      // opening before [START] and the closing statement, which frees a lock kept in the same database (the
      // flushes in between, which carry the paragraphs too, are per-token work, measured by the load phases).
      'limits and storage (lock, rate, journal)',
      async () => {
        const lock = await limits.acquire(me.id, 30_000);
        await limits.allow(me.id);
        const answerUuid = newUuid();
        const opened = await journal.open({
          userId: me.id,
          conversationId: conversation.id,
          conversationUuid: conversation.uuid,
          questionUuid: newUuid(),
          question: QUESTION,
          answerUuid,
          modelPlatform: 'bench',
          leaseMs: 30_000,
        });
        await journal.close({
          ...opened,
          answerUuid,
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
  const costs: StepCost[] = [];
  for (const [step, run] of steps) {
    for (let i = 0; i < 20; i++) await run(); // warm-up
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < rounds; i++) await run();
    const used = process.cpuUsage(cpu);
    costs.push({
      step,
      cpuMicros: (used.user + used.system) / rounds,
      wallMs: (performance.now() - start) / rounds,
    });
  }
  return costs;
}
