import type pg from 'pg';
import { AuthService } from '../../src/accounts/auth.service.js';
import { AnswerJournalStore } from '../../src/answer/answer-journal-store.js';
import type { ModelTestbed } from './app.js';

/** An answer opened in the journal, as the ask endpoint opens one before `[START]`. */
export interface JournaledAnswer {
  answerId: string;
  answerUuid: string;
  questionId: string;
  userId: string;
}

/** Opens an answer (and its question) in the testbed's conversation, straight through the journal's store. */
export async function openJournaledAnswer(testbed: ModelTestbed, db: pg.Client): Promise<JournaledAnswer> {
  const { app } = testbed.server;
  const user = (await app.get(AuthService).userForToken(testbed.token))!;
  const [conversation] = (
    await db.query(`SELECT "id" FROM "adi_conversation" WHERE "uuid" = $1`, [testbed.conversation])
  ).rows as { id: string }[];
  const answerUuid = `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`.padEnd(32, '0').slice(0, 32);
  const opened = await app.get(AnswerJournalStore).open({
    userId: user.id,
    conversationId: conversation!.id,
    conversationUuid: testbed.conversation,
    questionUuid: answerUuid.replace(/^./, 'f'),
    question: 'What is stored?',
    answerUuid,
    modelPlatform: 'test',
    leaseMs: 15_000,
  });
  return { ...opened, answerUuid, userId: user.id };
}
