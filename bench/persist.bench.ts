/**
 * Storing answers on the real PostgreSQL server: one answer of 20 paragraphs and 40 citations (plus its
 * refs and whole-answer references) per transaction. Prints p50/p99 over 1,000 answers stored one after
 * another, and answers stored per second with 8 concurrent writers; then the answer journal's cost for the
 * same answer as it streams (opening before [START], one flush per paragraph, the closing statement), per
 * flush and per answer; then what one round of the journal flusher costs the process and the PostgreSQL backend
 * (many answers with one frame each, as rounds carry them while answers stream); then one JSON line.
 * Run: `npm run bench:persist`.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { EmbeddingPayload } from '../src/citation/citation-catalog.js';
import type { CitationParagraph, CitationRef } from '../src/citation/citation-events.js';
import { AnswerFrameMapper } from '../src/answer/answer-frames.js';
import { AnswerJournalStore } from '../src/answer/answer-journal-store.js';
import { citationRowsOf, paragraphRow, refRow } from '../src/answer/citation-columns.js';
import { openDatabase } from '../src/platform/database/data-source.js';
import { ConversationEntity, UserEntity } from '../src/platform/database/entities/index.js';
import { benchDatabase } from './bench-database.js';
import { cpuBetween, cpuReadings, databaseProcesses } from './database-cpu.js';
import { OneStatementSave, type AnswerRecord } from './one-statement-save.js';

const ANSWERS = 1000;
const JOURNALED_ANSWERS = 200;
const WRITERS = 8;
/** A journal round as rounds run while 100 short answers stream: about 20 answers, one text frame each. */
const ROUND_ANSWERS = 20;
const ROUNDS = 2000;
const uuid = () => randomUUID().replaceAll('-', '');

function answer(userId: string, conversation: ConversationEntity): AnswerRecord {
  const refs: CitationRef[] = Array.from({ length: 8 }, (_, i) => ({
    citationId: `E${i + 1}`,
    displayNumber: i + 1,
    type: 'embedding',
    payload: {
      embeddingId: randomUUID(),
      text: 'chunk text '.repeat(40),
      score: 0.8,
      kbUuid: uuid(),
      kbItemUuid: uuid(),
      title: 'Title',
    },
  }));
  const paragraphs: CitationParagraph[] = Array.from({ length: 20 }, (_, i) => ({
    paragraphIndex: i,
    text: `Paragraph ${i}: `.concat('an answer sentence that rests on its sources. '.repeat(6)),
    citationIds: [`E${(i % 8) + 1}`, `E${((i + 3) % 8) + 1}`],
    citationNumbers: [(i % 8) + 1, ((i + 3) % 8) + 1],
  }));
  return {
    userId,
    conversation,
    questionUuid: uuid(),
    answerUuid: uuid(),
    question: 'How are citation numbers given?',
    answerText: paragraphs.map((p) => p.text).join('\n\n'),
    thinking: '',
    status: 'complete',
    citationMode: 'paragraph',
    parseOutcome: 'complete',
    hasCitationError: false,
    droppedCitationCount: 0,
    uncitedParagraphCount: 0,
    paragraphs,
    refs,
    retrieval: { embeddings: refs.map((ref) => ref.payload as EmbeddingPayload), graph: [], entitiesFromQuestion: [] },
    totalTokens: 1200,
    completionTokens: 800,
    modelPlatform: 'bench',
  };
}

function chunks(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function main(): Promise<void> {
  const database = await benchDatabase();
  const open = await openDatabase({ url: database.url, dataDir: '', runMigrations: true });
  try {
    const user = await open.dataSource
      .getRepository(UserEntity)
      .save({ uuid: uuid(), name: 'bench', email: 'bench@example.test', password: 'x', isAdmin: false });
    const conversation = await open.dataSource
      .getRepository(ConversationEntity)
      .save({ uuid: uuid(), userId: user.id, title: 'bench' });
    const store = new OneStatementSave(open.dataSource);
    for (let i = 0; i < 50; i++) await store.save(answer(user.id, conversation)); // warm-up

    const times: number[] = [];
    for (let i = 0; i < ANSWERS; i++) {
      const record = answer(user.id, conversation);
      const start = performance.now();
      await store.save(record);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);

    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (next < ANSWERS) {
          next++;
          await store.save(answer(user.id, conversation));
        }
      }),
    );
    const answersPerSecond = ANSWERS / ((performance.now() - started) / 1000);

    const journal = new AnswerJournalStore(open.dataSource);
    const flushTimes: number[] = [];
    const closeTimes: number[] = [];
    const answerTimes: number[] = [];
    for (let i = 0; i < JOURNALED_ANSWERS + 10; i++) {
      const record = answer(user.id, conversation);
      const warm = i < 10;
      const started = performance.now();
      const { answerId, questionId } = await journal.open({
        userId: user.id,
        conversationId: conversation.id,
        conversationUuid: conversation.uuid,
        questionUuid: record.questionUuid,
        question: record.question,
        answerUuid: record.answerUuid,
        modelPlatform: 'bench',
        leaseMs: 15000,
      });
      // The frames the reader is shown, paragraph by paragraph: a flush at each paragraph's close, with the
      // paragraph's rows (the sources go with the first).
      const mapper = new AnswerFrameMapper({ profile: 'chat', citationEvents: true });
      const refsById = new Map(record.refs.map((ref) => [ref.citationId, ref]));
      for (const paragraph of record.paragraphs) {
        const text = `${paragraph.paragraphIndex > 0 ? '\n\n' : ''}${paragraph.text}`;
        const events = [
          ...chunks(text, 12).flatMap((piece) => mapper.event({ type: 'text', text: piece })),
          ...mapper.event({ type: 'paragraph', paragraph }),
        ];
        const flushStarted = performance.now();
        await journal.appendMany([
          {
            answerId,
            answerUuid: record.answerUuid,
            events,
            paragraphs: [paragraphRow(paragraph)],
            citations: citationRowsOf(paragraph, refsById),
            refs: paragraph.paragraphIndex === 0 ? record.refs.map(refRow) : [],
          },
        ]);
        if (!warm) flushTimes.push(performance.now() - flushStarted);
      }
      const closeStarted = performance.now();
      await journal.close({
        answerId,
        answerUuid: record.answerUuid,
        questionId,
        newQuestion: true,
        userId: user.id,
        status: 'complete',
        totalTokens: record.totalTokens,
        completionTokens: record.completionTokens,
        citationMode: 'paragraph',
        parseOutcome: 'complete',
        hasCitationError: false,
        droppedCitationCount: 0,
        paragraphCount: record.paragraphs.length,
        uncitedParagraphCount: 0,
        refCount: record.refs.length,
        verdicts: [],
        retrieval: record.retrieval,
        events: [],
        lastSeq: mapper.lastId,
        lastParagraphIndex: record.paragraphs.length - 1,
        unshownRefIds: [],
        paragraphs: [],
        citations: [],
        refs: [],
      });
      if (!warm) closeTimes.push(performance.now() - closeStarted);
      if (!warm) answerTimes.push(performance.now() - started);
    }
    // Rounds back to back, every answer one frame a round: the CPU of this process (the pg driver's work, the
    // statement's system calls) and of the database's backends, per round.
    const roundAnswers: { answerId: string; answerUuid: string; seq: number }[] = [];
    for (let i = 0; i < ROUND_ANSWERS; i++) {
      const answerUuid = uuid();
      const { answerId } = await journal.open({
        userId: user.id,
        conversationId: conversation.id,
        conversationUuid: conversation.uuid,
        questionUuid: uuid(),
        question: 'How are citation numbers given?',
        answerUuid,
        modelPlatform: 'bench',
        leaseMs: 600_000,
      });
      roundAnswers.push({ answerId, answerUuid, seq: 0 });
    }
    const journalRound = () =>
      journal.appendMany(
        roundAnswers.map((one) => ({
          answerId: one.answerId,
          answerUuid: one.answerUuid,
          events: [{ id: ++one.seq, data: 'word' }],
        })),
      );
    for (let i = 0; i < 200; i++) await journalRound(); // warm-up
    const backends = databaseProcesses(new URL(database.url).pathname.slice(1));
    const backendsBefore = cpuReadings(backends);
    const processBefore = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i++) await journalRound();
    const processCpu = process.cpuUsage(processBefore);
    const roundCpu = (processCpu.user + processCpu.system) / ROUNDS;
    const roundDatabaseCpu = cpuBetween(backendsBefore, cpuReadings(backends)) / ROUNDS;

    flushTimes.sort((a, b) => a - b);
    closeTimes.sort((a, b) => a - b);
    answerTimes.sort((a, b) => a - b);

    const out = (line: string) => process.stdout.write(`${line}\n`);
    out(`one answer = 2 messages, 20 paragraphs, 40 citations, 8 refs, 8 whole-answer references, in one statement`);
    out(
      `sequential, ${ANSWERS} answers: p50 ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms`,
    );
    out(`${WRITERS} concurrent writers: ${answersPerSecond.toFixed(0)} answers/s`);
    out(
      `journal, ${JOURNALED_ANSWERS} answers streamed: per flush p50 ${percentile(flushTimes, 0.5).toFixed(2)} ms, p99 ${percentile(flushTimes, 0.99).toFixed(2)} ms; ` +
        `per close p50 ${percentile(closeTimes, 0.5).toFixed(2)} ms, p99 ${percentile(closeTimes, 0.99).toFixed(2)} ms; ` +
        `per answer (open + 20 flushes + close) p50 ${percentile(answerTimes, 0.5).toFixed(2)} ms, p99 ${percentile(answerTimes, 0.99).toFixed(2)} ms`,
    );
    out(
      `journal rounds of ${ROUND_ANSWERS} answers, one frame each, ${ROUNDS} back to back: ` +
        `${roundCpu.toFixed(0)} µs of this process's CPU and ${roundDatabaseCpu.toFixed(0)} µs of PostgreSQL's a round`,
    );
    const round = (value: number) => Math.round(value * 100) / 100;
    out(
      JSON.stringify({
        persistP50Ms: round(percentile(times, 0.5)),
        persistP99Ms: round(percentile(times, 0.99)),
        answersPerSecond: Math.round(answersPerSecond),
        journalFlushP50Ms: round(percentile(flushTimes, 0.5)),
        journalFlushP99Ms: round(percentile(flushTimes, 0.99)),
        journalCloseP50Ms: round(percentile(closeTimes, 0.5)),
        journalCloseP99Ms: round(percentile(closeTimes, 0.99)),
        journalAnswerP50Ms: round(percentile(answerTimes, 0.5)),
        journalAnswerP99Ms: round(percentile(answerTimes, 0.99)),
        journalRoundCpuMicros: Math.round(roundCpu),
        journalRoundDatabaseCpuMicros: Math.round(roundDatabaseCpu),
      }),
    );
  } finally {
    await open.close();
    await database.drop();
  }
}

await main();
