import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { CitationParagraph, CitationRef } from '../src/citation/citation-events.js';
import { AnswerFrameMapper } from '../src/answer/answer-frames.js';
import {
  AnswerJournalStore,
  closingRows,
  type AnswerBatch,
  type AnswerClosing,
} from '../src/answer/answer-journal-store.js';
import { citationRowsOf, paragraphRow, refRow } from '../src/answer/citation-columns.js';
import { stockClientText, WRAP, type SseFrame } from '../src/platform/sse/sse-frames.js';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import type { EmbeddingPayload } from '../src/citation/citation-catalog.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { capturedStatement, genericPlan, planNodes, watchStatements } from './support/generic-plan.js';
import { openJournaledAnswer, type JournaledAnswer } from './support/journaled-answer.js';
import { startWithModel, type ModelTestbed } from './support/app.js';

/**
 * The journal stores each paragraph as it is sent, and the answer's end adds its own text to what the flushes
 * stored, or after a stall reads it back from the delivered events: against a real PostgreSQL, what is stored is
 * what was shown, whatever ran twice, and whatever was sent but never delivered is gone.
 */
const REFS: CitationRef[] = ['E1', 'E2', 'E3'].map((citationId, i) => ({
  citationId,
  displayNumber: i + 1,
  type: 'embedding',
  payload: {
    embeddingId: `chunk-${i + 1}`,
    text: `source ${i + 1}`,
    score: 0.9,
    kbUuid: 'kb',
    kbItemUuid: 'item',
    title: 't',
  },
}));
const REFS_BY_ID = new Map(REFS.map((ref) => [ref.citationId, ref]));

/** The first paragraph is verified (stored by a flush), the second contradicted by one source (by the end). */
const PARAGRAPHS: CitationParagraph[] = [
  {
    paragraphIndex: 0,
    text: 'First, with a line\nbreak.',
    citationIds: ['E1'],
    citationNumbers: [1],
    support: [{ citationId: 'E1', score: 0.9, verdict: 'verified', evidence: { spans: [{ start: 0, end: 8 }] } }],
    verdict: 'verified',
    supported: true,
    inferred: false,
  },
  {
    paragraphIndex: 1,
    text: 'Second.',
    citationIds: ['E1', 'E2'],
    citationNumbers: [1, 2],
    support: [
      { citationId: 'E1', score: 0.2, verdict: 'unverified' },
      {
        citationId: 'E2',
        score: 0.8,
        verdict: 'contradicted',
        evidence: { spans: [{ start: 0, end: 8 }], conflict: { kind: 'number', claim: '2', source: '3' } },
      },
    ],
    verdict: 'contradicted',
    supported: false,
    inferred: false,
  },
  { paragraphIndex: 2, text: 'Third, never delivered.', citationIds: ['E3'], citationNumbers: [3] },
];

/**
 * The answer's frames as the server writes them (reasoning first; each source's `[CITATION_REF]` before the first
 * paragraph citing it, each paragraph's text, then its `[CITATION_PARAGRAPH]`), and the id of the last frame of each
 * paragraph.
 */
function answerFrames() {
  const mapper = new AnswerFrameMapper({ profile: 'chat', citationEvents: true });
  const frames: SseFrame[] = [...mapper.start(), ...mapper.event({ type: 'thinking', text: 'Thinking it over.' })];
  const paragraphEnds: number[] = [];
  PARAGRAPHS.forEach((paragraph, i) => {
    frames.push(...mapper.event({ type: 'ref', ref: REFS[i]! }));
    frames.push(...mapper.event({ type: 'text', text: `${i > 0 ? '\n\n' : ''}${paragraph.text}` }));
    frames.push(...mapper.event({ type: 'paragraph', paragraph }));
    paragraphEnds.push(mapper.lastId);
  });
  return { frames, paragraphEnds };
}
const { frames: FRAMES, paragraphEnds: PARAGRAPH_ENDS } = answerFrames();
/** The second paragraph was the last one delivered. */
const LAST_SHOWN = PARAGRAPH_ENDS[1]!;
const upTo = (lastId: number) => FRAMES.filter((frame) => frame.id! <= lastId);
/** What the stock client shows of frames, by its own rule. */
const shownText = (frames: SseFrame[]) =>
  frames
    .filter((frame) => frame.event === undefined)
    .map(stockClientText)
    .join('');
const SHOWN_TEXT = shownText(upTo(LAST_SHOWN));

function rowsOf(paragraphs: CitationParagraph[], refs: CitationRef[]) {
  return {
    paragraphs: paragraphs.map(paragraphRow),
    citations: paragraphs.flatMap((paragraph) => citationRowsOf(paragraph, REFS_BY_ID)),
    refs: refs.map(refRow),
  };
}

describe('paragraph rows journaled as they are sent', () => {
  const fake = new FakeOpenAi();
  let testbed: ModelTestbed;
  let db: pg.Client;
  let store: AnswerJournalStore;

  beforeAll(async () => {
    testbed = await startWithModel(fake, {});
    db = new pg.Client({ connectionString: testbed.server.database!.url });
    await db.connect();
    store = testbed.server.app.get(AnswerJournalStore);
  });

  afterAll(async () => {
    await db.end();
    await testbed.server.close();
    await fake.stop();
  });

  const openAnswer = () => openJournaledAnswer(testbed, db);

  /** What every closing of these answers says alike: whose it is, its token counts, a clean parse. */
  function closingOf(answer: JournaledAnswer) {
    return {
      answerId: answer.answerId,
      answerUuid: answer.answerUuid,
      questionId: answer.questionId,
      newQuestion: true,
      userId: answer.userId,
      totalTokens: 10,
      completionTokens: 5,
      citationMode: 'paragraph' as const,
      parseOutcome: 'complete',
      hasCitationError: false,
      droppedCitationCount: 0,
      uncitedParagraphCount: 0,
      retrieval: undefined,
    };
  }

  /** The answer's stored rows, in a form that compares whole. */
  async function stored(answerId: string) {
    const query = async (sql: string) => (await db.query(sql, [answerId])).rows as Record<string, unknown>[];
    return {
      answer: (
        await query(
          `SELECT "remark", "thinking_content", "answer_status", "paragraph_count", "uncited_paragraph_count",
                  "ref_count", "citation_mode" FROM "adi_conversation_message" WHERE "id" = $1`,
        )
      )[0],
      paragraphs: await query(
        `SELECT "paragraph_index", "text", "citation_ids_json" FROM "adi_conversation_message_citation_paragraph"
          WHERE "message_id" = $1 ORDER BY "paragraph_index"`,
      ),
      citations: await query(
        `SELECT "paragraph_index", "citation_id", "display_number", "model_verdict", "model_score"
           FROM "adi_conversation_message_citation" WHERE "message_id" = $1 ORDER BY "paragraph_index", "citation_id"`,
      ),
      refs: await query(
        `SELECT "citation_id", "source_id" FROM "adi_conversation_message_citation_ref" WHERE "message_id" = $1
          ORDER BY "citation_id"`,
      ),
      events: await query(`SELECT "seq" FROM "adi_answer_event" WHERE "message_id" = $1 ORDER BY "seq"`),
      question: (
        await query(
          `SELECT q."tokens", (SELECT count(*) FROM "adi_answer_stream" WHERE "message_id" = $1) AS "streams"
             FROM "adi_conversation_message" AS a JOIN "adi_conversation_message" AS q ON q."id" = a."parent_message_id"
            WHERE a."id" = $1`,
        )
      )[0],
      wholeAnswerRefs: await query(
        `SELECT "embedding_id", "chunk_text", NULL AS "entities_from_question"
           FROM "adi_conversation_message_ref_embedding" WHERE "message_id" = $1
         UNION ALL SELECT NULL, NULL, "entities_from_question" FROM "adi_conversation_message_ref_graph"
          WHERE "message_id" = $1 ORDER BY 1, 3`,
      ),
    };
  }

  /**
   * A reader stalled: the answer's first paragraph and its last frames (never delivered) were flushed; its end
   * carries the second paragraph's frames, verdicts on three citations, and removes what was not delivered.
   */
  async function stalledEnd(answer: JournaledAnswer): Promise<AnswerClosing> {
    // Flushed while streaming: everything up to the first paragraph, and the third, which the reader never got.
    const firstEnd = PARAGRAPH_ENDS[0]!;
    await store.appendMany([
      {
        answerId: answer.answerId,
        answerUuid: answer.answerUuid,
        events: [...upTo(firstEnd), ...FRAMES.filter((frame) => frame.id! > LAST_SHOWN)],
        ...rowsOf([PARAGRAPHS[0]!, PARAGRAPHS[2]!], [REFS[0]!, REFS[2]!]),
      },
    ]);
    return {
      ...closingOf(answer),
      status: 'interrupted',
      paragraphCount: 2,
      refCount: 2,
      // A verifier judged a stored citation, one of the end's own, and one of the paragraph never delivered.
      verdicts: [
        { paragraphIndex: 0, verifier: 'v', verdicts: [{ citationId: 'E1', verdict: 'verified', score: 0.75 }] },
        { paragraphIndex: 1, verifier: 'v', verdicts: [{ citationId: 'E2', verdict: 'contradicted', score: 0.25 }] },
        { paragraphIndex: 2, verifier: 'v', verdicts: [{ citationId: 'E3', verdict: 'verified', score: 0.9 }] },
      ],
      // Not flushed yet: the second paragraph's frames, which were delivered, and the last ones, which were not.
      events: FRAMES.filter((frame) => frame.id! > firstEnd),
      ...rowsOf([PARAGRAPHS[1]!], [REFS[1]!]),
      lastSeq: LAST_SHOWN,
      lastParagraphIndex: 1,
      unshownRefIds: ['E3'],
    };
  }

  /** The first paragraph was flushed; the end carries everything after it, reasoning included. */
  async function cleanEnd(answer: JournaledAnswer): Promise<AnswerClosing> {
    const firstEnd = PARAGRAPH_ENDS[0]!;
    await store.appendMany([
      {
        answerId: answer.answerId,
        answerUuid: answer.answerUuid,
        events: upTo(firstEnd),
        ...rowsOf([PARAGRAPHS[0]!], [REFS[0]!]),
      },
    ]);
    return {
      ...closingOf(answer),
      status: 'complete',
      paragraphCount: 3,
      refCount: 3,
      verdicts: [],
      // Everything after the first paragraph, reasoning included, was delivered and is not flushed yet.
      events: [
        ...FRAMES.filter((frame) => frame.id! > firstEnd),
        { id: FRAMES.at(-1)!.id! + 1, event: '[THINKING]', data: ' Done.' },
      ],
      ...rowsOf(PARAGRAPHS.slice(1), REFS.slice(1)),
      lastSeq: FRAMES.at(-1)!.id! + 1,
      lastParagraphIndex: 2,
      unshownRefIds: [],
    };
  }

  it('a flush stores its paragraphs, citations and sources once, however often it runs', async () => {
    const answer = await openAnswer();
    const batch: AnswerBatch = {
      answerId: answer.answerId,
      answerUuid: answer.answerUuid,
      events: upTo(LAST_SHOWN),
      ...rowsOf(PARAGRAPHS.slice(0, 2), REFS.slice(0, 2)),
    };
    await store.appendMany([batch]);
    // The reply was lost, say: the flusher writes the same batch again, with the events that came since.
    const later = FRAMES.filter((frame) => frame.id! > LAST_SHOWN);
    await store.appendMany([{ ...batch, events: [...batch.events, ...later] }]);
    const rows = await stored(answer.answerId);
    // The text shown so far, each event's once: the line break as the stock client reads it, named events left out.
    expect(SHOWN_TEXT).toBe('First, with a line\nbreak.\n\nSecond.');
    expect(FRAMES.some((frame) => frame.data.startsWith(WRAP))).toBe(true);
    expect(rows.answer).toMatchObject({
      remark: shownText(FRAMES),
      thinking_content: 'Thinking it over.',
      answer_status: 'streaming',
    });
    expect(rows.paragraphs.map((row) => row.text)).toEqual(['First, with a line\nbreak.', 'Second.']);
    expect(rows.citations.map((row) => `${String(row.paragraph_index)}:${String(row.citation_id)}`)).toEqual([
      '0:E1',
      '1:E1',
      '1:E2',
    ]);
    expect(rows.refs).toEqual([
      { citation_id: 'E1', source_id: 'chunk-1' },
      { citation_id: 'E2', source_id: 'chunk-2' },
    ]);
    expect(rows.events).toHaveLength(FRAMES.length);
  });

  it('stores each citation’s verdict and evidence, each paragraph’s verdict and the answer’s counts, flushed or not', async () => {
    const answer = await openAnswer();
    const closing = await cleanEnd(answer);
    const trust = {
      verifiedCitationCount: 1,
      unverifiedCitationCount: 2,
      contradictedCitationCount: 3,
      verifiedParagraphCount: 4,
      contradictedParagraphCount: 5,
      unsupportedCitationCount: 3,
      supportedParagraphCount: 4,
      inferredParagraphCount: 0,
      unverifiedQuoteCount: 0,
      refused: false,
      truncated: false,
    };
    await store.close({ ...closing, trust });
    const query = async (sql: string) => (await db.query(sql, [answer.answerId])).rows as Record<string, unknown>[];
    expect(
      await query(`SELECT "paragraph_index", "support_verdict", "is_supported"
                     FROM "adi_conversation_message_citation_paragraph" WHERE "message_id" = $1 ORDER BY 1`),
    ).toEqual([
      { paragraph_index: 0, support_verdict: 'verified', is_supported: true },
      { paragraph_index: 1, support_verdict: 'contradicted', is_supported: false },
      { paragraph_index: 2, support_verdict: null, is_supported: null },
    ]);
    const citations = await query(`SELECT "paragraph_index", "citation_id", "support_verdict", "support_evidence"
                                     FROM "adi_conversation_message_citation" WHERE "message_id" = $1 ORDER BY 1, 2`);
    expect(citations).toEqual([
      {
        paragraph_index: 0,
        citation_id: 'E1',
        support_verdict: 'verified',
        support_evidence: { spans: [{ start: 0, end: 8 }] },
      },
      { paragraph_index: 1, citation_id: 'E1', support_verdict: 'unverified', support_evidence: null },
      {
        paragraph_index: 1,
        citation_id: 'E2',
        support_verdict: 'contradicted',
        support_evidence: PARAGRAPHS[1]!.support![1]!.evidence,
      },
      { paragraph_index: 2, citation_id: 'E3', support_verdict: null, support_evidence: null },
    ]);
    const [counts] = await query(
      `SELECT "verified_citation_count", "unverified_citation_count", "contradicted_citation_count",
              "verified_paragraph_count", "contradicted_paragraph_count", "unsupported_citation_count",
              "supported_paragraph_count" FROM "adi_conversation_message" WHERE "id" = $1`,
    );
    expect(counts).toEqual({
      verified_citation_count: 1,
      unverified_citation_count: 2,
      contradicted_citation_count: 3,
      verified_paragraph_count: 4,
      contradicted_paragraph_count: 5,
      unsupported_citation_count: 3,
      supported_paragraph_count: 4,
    });
  });

  it('gives back rows stored before there were three verdicts as they read then, without rewriting them', async () => {
    const answer = await openAnswer();
    await store.close(await cleanEnd(answer));
    // As the two-verdict server stored them: no paragraph verdict, citation verdicts 'supported' and 'unsupported'.
    await db.query(
      `UPDATE "adi_conversation_message_citation_paragraph" SET "support_verdict" = NULL WHERE "message_id" = $1`,
      [answer.answerId],
    );
    await db.query(
      `UPDATE "adi_conversation_message_citation" SET "support_evidence" = NULL,
              "support_verdict" = CASE "support_verdict" WHEN 'verified' THEN 'supported' ELSE 'unsupported' END
        WHERE "message_id" = $1 AND "support_verdict" IS NOT NULL`,
      [answer.answerId],
    );
    const response = await fetch(`${testbed.server.baseUrl}/conversation/message/citation/${answer.answerUuid}`, {
      headers: { Authorization: testbed.token },
    });
    const view = ((await response.json()) as { data: { paragraphs: CitationParagraph[] } }).data;
    // The older check could not tell a contradiction: its 'unsupported' reads as unverified.
    expect(view.paragraphs.map(({ verdict, supported, support }) => ({ verdict, supported, support }))).toEqual([
      { verdict: 'verified', supported: true, support: [{ citationId: 'E1', score: 0.9, verdict: 'verified' }] },
      {
        verdict: 'unverified',
        supported: false,
        support: [
          { citationId: 'E1', score: 0.2, verdict: 'unverified' },
          { citationId: 'E2', score: 0.8, verdict: 'unverified' },
        ],
      },
      { verdict: undefined, supported: undefined, support: undefined },
    ]);
    const stored = await db.query(
      `SELECT DISTINCT "support_verdict" FROM "adi_conversation_message_citation" WHERE "message_id" = $1 ORDER BY 1`,
      [answer.answerId],
    );
    expect(stored.rows).toEqual([
      { support_verdict: 'supported' },
      { support_verdict: 'unsupported' },
      { support_verdict: null },
    ]);
  });

  it('gives back the verdicts and evidence the live events carried', async () => {
    const answer = await openAnswer();
    await store.close(await cleanEnd(answer));
    const response = await fetch(`${testbed.server.baseUrl}/conversation/message/citation/${answer.answerUuid}`, {
      headers: { Authorization: testbed.token },
    });
    const view = ((await response.json()) as { data: { paragraphs: CitationParagraph[] } }).data;
    expect(view.paragraphs).toEqual(PARAGRAPHS);
  });

  it('the end keeps what was delivered, reads the text back from the events, and runs twice to the same rows', async () => {
    const answer = await openAnswer();
    const closing = await stalledEnd(answer);
    await store.close(closing);
    const first = await stored(answer.answerId);
    expect(first.answer).toEqual({
      remark: SHOWN_TEXT,
      thinking_content: 'Thinking it over.',
      answer_status: 'interrupted',
      paragraph_count: 2,
      uncited_paragraph_count: 0,
      ref_count: 2,
      citation_mode: 'paragraph',
    });
    expect(first.paragraphs.map((row) => row.paragraph_index)).toEqual([0, 1]);
    expect(first.citations).toEqual([
      { paragraph_index: 0, citation_id: 'E1', display_number: 1, model_verdict: 'verified', model_score: 0.75 },
      { paragraph_index: 1, citation_id: 'E1', display_number: 1, model_verdict: null, model_score: null },
      { paragraph_index: 1, citation_id: 'E2', display_number: 2, model_verdict: 'contradicted', model_score: 0.25 },
    ]);
    expect(first.refs.map((row) => row.citation_id)).toEqual(['E1', 'E2']);
    expect(first.events.map((row) => row.seq)).toEqual(upTo(LAST_SHOWN).map((frame) => frame.id));
    // A spill file is the same record, stored again when the database is back: nothing changes.
    await store.closeRows(closingRows(closing));
    expect(await stored(answer.answerId)).toEqual(first);
  });

  it('an end with nothing to cut adds its own text to what the flushes stored, once however often it runs', async () => {
    const answer = await openAnswer();
    const closing = await cleanEnd(answer);
    await store.close(closing);
    const first = await stored(answer.answerId);
    expect(first.answer).toMatchObject({
      remark: shownText(FRAMES),
      thinking_content: 'Thinking it over. Done.',
      answer_status: 'complete',
    });
    expect(first.paragraphs.map((row) => row.paragraph_index)).toEqual([0, 1, 2]);
    await store.closeRows(closingRows(closing));
    expect(await stored(answer.answerId)).toEqual(first);
  });

  describe('answers that end together', () => {
    /** The tables that hold rows for every answer. */
    const GROWING_TABLES = [
      'adi_conversation_message',
      'adi_answer_event',
      'adi_conversation_message_citation_paragraph',
      'adi_conversation_message_citation',
      'adi_conversation_message_citation_ref',
      'adi_conversation_message_ref_embedding',
      'adi_conversation_message_ref_graph',
    ];
    /** Retrieval that found two chunks and matched the question on an entity: whole-answer references. */
    const RETRIEVAL = {
      embeddings: REFS.slice(0, 2).map((ref) => ref.payload as EmbeddingPayload),
      graph: [],
      entitiesFromQuestion: ['stored'],
    };
    /**
     * Ends of every kind: a stall to cut back, a clean end, one with whole-answer references, one with verdicts,
     * and one whose every event and paragraph was flushed before it (past where the stalled ones are cut back).
     */
    const ENDS: ((answer: JournaledAnswer) => Promise<AnswerClosing>)[] = [
      stalledEnd,
      cleanEnd,
      async (answer: JournaledAnswer) => ({ ...(await cleanEnd(answer)), retrieval: RETRIEVAL }),
      async (answer: JournaledAnswer) => ({
        ...(await stalledEnd(answer)),
        retrieval: RETRIEVAL,
        status: 'complete' as const,
      }),
      async (answer: JournaledAnswer) => {
        const end = await cleanEnd(answer);
        await store.appendMany([
          {
            answerId: answer.answerId,
            answerUuid: answer.answerUuid,
            events: end.events,
            ...rowsOf(PARAGRAPHS.slice(1), REFS.slice(1)),
          },
        ]);
        return { ...end, events: [], ...rowsOf([], []) };
      },
    ].map((end, i) => async (answer: JournaledAnswer) => ({ ...(await end(answer)), totalTokens: 20 + i }));
    const closeStatements = async (work: () => Promise<unknown>) => {
      const sent: number[] = [];
      await watchStatements(
        testbed.server.app.get<DataSource>(DATA_SOURCE),
        (statement) =>
          statement.name === 'answer_close' && sent.push((JSON.parse(String(statement.values[0])) as unknown[]).length),
        work,
      );
      return sent;
    };

    /** Each end stored alone, one after another: what every grouped end must store too. */
    async function storedAlone() {
      const rows = [];
      for (const end of ENDS) {
        const answer = await openAnswer();
        await store.close(await end(answer));
        rows.push(await stored(answer.answerId));
      }
      return rows;
    }

    /** An answer opened for each end, and its end, ready to close. */
    async function openedEnds() {
      const answers: JournaledAnswer[] = [];
      const closings: AnswerClosing[] = [];
      for (const end of ENDS) {
        answers.push(await openAnswer());
        closings.push(await end(answers.at(-1)!));
      }
      return { answers, closings };
    }

    it('are stored by one statement, each as it is stored alone', async () => {
      const alone = await storedAlone();
      const { answers, closings } = await openedEnds();
      // The first two ends are sent at once; the others come while those are under way and go together.
      const sent = await closeStatements(() => Promise.all(closings.map((closing) => store.close(closing))));
      expect(sent).toEqual([1, 1, ENDS.length - 2]);
      for (const [i, answer] of answers.entries()) expect(await stored(answer.answerId)).toEqual(alone[i]);
      expect(alone[2]!.wholeAnswerRefs).toHaveLength(3);
    });

    it('are planned, as the flushes are, to read each table through its index, however small it is believed', async () => {
      const dataSource = testbed.server.app.get<DataSource>(DATA_SOURCE);
      const answer = await openAnswer();
      let closing: AnswerClosing | undefined;
      const flush = await capturedStatement(dataSource, 'answer_append_many', async () => {
        closing = await stalledEnd(answer);
      });
      const close = await capturedStatement(dataSource, 'answer_close', () => store.close(closing!));
      // The tables of every answer grow without end. Freshly made, as here, the planner believes each small: a plan
      // that reads one whole would stay with a connection (and run at every flush or end) long after it has grown.
      for (const statement of [flush, close]) {
        const root = await genericPlan(dataSource, statement!);
        const wholeReads = planNodes(root)
          .filter((node) => node['Node Type'] === 'Seq Scan' && GROWING_TABLES.includes(node['Relation Name']!))
          .map((node) => node['Relation Name']);
        expect({ statement: statement!.name, wholeReads }).toEqual({ statement: statement!.name, wholeReads: [] });
      }
    });

    it('fail one by one: an end not in this database, or one the database refuses, fails only itself', async () => {
      const alone = await storedAlone();
      const { answers, closings } = await openedEnds();
      const elsewhere = { ...closings[1]!, answerUuid: 'f'.repeat(32) };
      // A count the statement cannot read as a number fails the whole statement, which is then run for each alone.
      const refused = { ...closings[2]!, completionTokens: 'many' as unknown as number };
      const settle = async (ends: AnswerClosing[]) => {
        let settled: PromiseSettledResult<void>[] = [];
        const sent = await closeStatements(async () => {
          settled = await Promise.allSettled(ends.map((closing) => store.close(closing)));
        });
        const reasons = settled.map((result) => result.status === 'rejected' && String((result.reason as Error).cause));
        return { sent, reasons };
      };
      // Two statements may be under way at once: the first two ends go alone, the others together. The answer that is
      // not here is told so by the group's statement, which stores the others.
      expect(await settle([closings[0]!, closings[4]!, closings[3]!, elsewhere])).toEqual({
        sent: [1, 1, 2],
        reasons: [false, false, false, expect.stringMatching(/not in this database/)],
      });
      // The database refuses the group's statement for one end's count; each is then stored alone.
      expect(await settle([closings[0]!, closings[4]!, refused, closings[3]!])).toEqual({
        sent: [1, 1, 2, 1, 1],
        reasons: [false, false, expect.stringMatching(/invalid input syntax for type integer/), false],
      });
      for (const i of [0, 3, 4]) expect(await stored(answers[i]!.answerId)).toEqual(alone[i]);
      // The ends that failed left their answers as the flushes stored them.
      for (const i of [1, 2]) {
        expect((await stored(answers[i]!.answerId)).answer).toMatchObject({ answer_status: 'streaming' });
      }
    });
  });

  it("the end frees the asker's lock of its own holder only, in the statement that stores it", async () => {
    const answer = await openAnswer();
    const lockOf = async () =>
      (await db.query<{ holder: string }>(`SELECT "holder" FROM "adi_ask_lock" WHERE "user_id" = $1`, [answer.userId]))
        .rows;
    await db.query(
      `INSERT INTO "adi_ask_lock" ("user_id", "holder", "expires_at") VALUES ($1, 'newer', now() + interval '1 minute')
       ON CONFLICT ("user_id") DO UPDATE SET "holder" = 'newer'`,
      [answer.userId],
    );
    const closing: AnswerClosing = {
      ...closingOf(answer),
      status: 'complete',
      paragraphCount: 0,
      refCount: 0,
      verdicts: [],
      events: upTo(PARAGRAPH_ENDS[0]!),
      ...rowsOf([], []),
      lastSeq: PARAGRAPH_ENDS[0]!,
      lastParagraphIndex: -1,
      unshownRefIds: [],
    };
    // A newer question's lock (this answer's end stored late, from a spill file) stays.
    await store.close({ ...closing, lockHolder: 'older' });
    expect(await lockOf()).toEqual([{ holder: 'newer' }]);
    await store.close({ ...closing, lockHolder: 'newer' });
    expect(await lockOf()).toEqual([]);
    // Without a holder (a lock kept elsewhere), the end touches no lock.
    await db.query(`INSERT INTO "adi_ask_lock" ("user_id", "holder", "expires_at") VALUES ($1, 'other', now())`, [
      answer.userId,
    ]);
    await store.close(closing);
    expect(await lockOf()).toEqual([{ holder: 'other' }]);
    await db.query(`DELETE FROM "adi_ask_lock" WHERE "user_id" = $1`, [answer.userId]);
  });

  it('a spill file that carries the whole answer is still stored whole', async () => {
    const answer = await openAnswer();
    await store.closeRows({
      ...closingRows({
        answerId: answer.answerId,
        answerUuid: answer.answerUuid,
        questionId: answer.questionId,
        newQuestion: true,
        userId: answer.userId,
        status: 'complete',
        totalTokens: 1,
        completionTokens: 1,
        citationMode: 'paragraph',
        parseOutcome: 'complete',
        hasCitationError: false,
        droppedCitationCount: 0,
        paragraphCount: 2,
        uncitedParagraphCount: 0,
        refCount: 2,
        retrieval: undefined,
        verdicts: [],
        events: upTo(LAST_SHOWN),
        paragraphs: [],
        citations: [],
        refs: [],
        lastSeq: LAST_SHOWN,
        lastParagraphIndex: 1,
        unshownRefIds: [],
      }),
      answerText: SHOWN_TEXT,
      thinking: 'Thinking it over.',
      ...rowsOf(PARAGRAPHS.slice(0, 2), REFS.slice(0, 2)),
    });
    const rows = await stored(answer.answerId);
    expect(rows.answer).toMatchObject({ remark: SHOWN_TEXT, answer_status: 'complete' });
    expect(rows.paragraphs.map((row) => row.text)).toEqual(['First, with a line\nbreak.', 'Second.']);
    expect(rows.citations).toHaveLength(3);
  });
});
