import type { CitationParagraph, CitationRef, CitationVerdict, trustCounts } from '../citation/citation-events.js';
import type { RetrievalResult } from '../knowledge/retrieval-port.js';
import { safeText } from '../text/safe-text.js';

/** What the support check counted, and whether the answer was a refusal or cut off by the token limit. */
export type TrustCounts = ReturnType<typeof trustCounts>;

/** The answer's support-check counts, as a storing statement's input; zero when the answer did not complete. */
export function trustRow(trust: TrustCounts | undefined) {
  return {
    verifiedCitationCount: trust?.verifiedCitationCount ?? 0,
    unverifiedCitationCount: trust?.unverifiedCitationCount ?? 0,
    contradictedCitationCount: trust?.contradictedCitationCount ?? 0,
    verifiedParagraphCount: trust?.verifiedParagraphCount ?? 0,
    contradictedParagraphCount: trust?.contradictedParagraphCount ?? 0,
    unsupportedCitationCount: trust?.unsupportedCitationCount ?? 0,
    supportedParagraphCount: trust?.supportedParagraphCount ?? 0,
    inferredParagraphCount: trust?.inferredParagraphCount ?? 0,
    unverifiedQuoteCount: trust?.unverifiedQuoteCount ?? 0,
    refused: trust?.refused ?? false,
    truncated: trust?.truncated ?? false,
  };
}

/**
 * A paragraph's own flags: its verdict as a whole and the older `supported` (both null when checks are off), and
 * attributed by the server.
 */
export function paragraphFlags(paragraph: CitationParagraph) {
  return {
    verdict: paragraph.verdict ?? null,
    supported: paragraph.supported ?? null,
    inferred: paragraph.inferred ?? false,
  };
}

/** One citation's support columns: the check's verdict, its verified quote, the model verifier's verdict. */
export function supportColumns(paragraph: CitationParagraph, index: number, verdicts: readonly CitationVerdict[] = []) {
  const support = paragraph.support?.[index];
  const citationId = paragraph.citationIds[index];
  const judged = verdicts
    .find((verdict) => verdict.paragraphIndex === paragraph.paragraphIndex)
    ?.verdicts.find((verdict) => verdict.citationId === citationId);
  return {
    supportScore: support?.score ?? null,
    supportVerdict: support?.verdict ?? null,
    supportEvidence: support?.evidence ?? null,
    quoteText: support?.quote?.text ?? null,
    quoteStart: support?.quote?.start ?? null,
    quoteEnd: support?.quote?.end ?? null,
    modelVerdict: judged?.verdict ?? null,
    modelScore: judged?.score ?? null,
  };
}

/** The real id behind a citation: a chunk's embedding id, or a graph element's id. */
export function sourceIdOf(ref: Pick<CitationRef, 'payload'>): string {
  return 'embeddingId' in ref.payload ? ref.payload.embeddingId : ref.payload.id;
}

/** A paragraph as a storing statement's row. */
export function paragraphRow(paragraph: CitationParagraph) {
  return {
    paragraphIndex: paragraph.paragraphIndex,
    text: paragraph.text,
    citationIdsJson: JSON.stringify(paragraph.citationIds),
    ...paragraphFlags(paragraph),
  };
}

/** A paragraph's citations as rows: one per id with a cited source (`refsById`); an id without one has none. */
export function citationRowsOf(
  paragraph: CitationParagraph,
  refsById: ReadonlyMap<string, Pick<CitationRef, 'type' | 'payload'>>,
  verdicts: readonly CitationVerdict[] = [],
) {
  return paragraph.citationIds.flatMap((citationId, i) => {
    const ref = refsById.get(citationId);
    if (ref === undefined) return [];
    return [
      {
        paragraphIndex: paragraph.paragraphIndex,
        citationId,
        displayNumber: paragraph.citationNumbers[i]!,
        citationType: ref.type,
        sourceId: sourceIdOf(ref),
        ...supportColumns(paragraph, i, verdicts),
      },
    ];
  });
}

/** A cited source as a storing statement's row. */
export function refRow(ref: CitationRef) {
  return {
    citationId: ref.citationId,
    displayNumber: ref.displayNumber,
    citationType: ref.type,
    sourceId: sourceIdOf(ref),
    payloadJson: JSON.stringify(ref.payload),
  };
}

/**
 * An answer's paragraphs, its citations (one row each, with the support check's and the model verifier's
 * verdicts; an id without a cited source has none) and the sources it cited, as a storing statement's input.
 */
export function citationRows(
  paragraphs: readonly CitationParagraph[],
  refs: readonly CitationRef[],
  verdicts: readonly CitationVerdict[] = [],
) {
  const refsById = new Map(refs.map((ref) => [ref.citationId, ref]));
  return {
    paragraphs: paragraphs.map(paragraphRow),
    citations: paragraphs.flatMap((paragraph) => citationRowsOf(paragraph, refsById, verdicts)),
    refs: refs.map(refRow),
  };
}

/** What an ended answer's own row says of it, besides its text: counts, status, outcome and references. */
export interface AnswerColumns {
  totalTokens: number;
  completionTokens: number;
  status: string;
  citationMode: 'paragraph' | 'answer';
  parseOutcome: string | undefined;
  hasCitationError: boolean;
  paragraphCount: number;
  refCount: number;
  droppedCitationCount: number;
  uncitedParagraphCount: number;
  retrieval: RetrievalResult | undefined;
  trust?: TrustCounts;
}

/** An ended answer whole, as a statement that stores all of it at once takes it: its text and every paragraph. */
export interface AnswerOutcome extends Omit<AnswerColumns, 'paragraphCount' | 'refCount'> {
  answerText: string;
  thinking: string;
  paragraphs: readonly CitationParagraph[];
  refs: readonly CitationRef[];
  verdicts?: readonly CitationVerdict[];
}

/**
 * The answer row's columns besides its text, and its whole-answer references, as a storing statement's input:
 * every statement that ends an answer stores them the same way.
 */
export function answerColumnRows(answer: AnswerColumns) {
  const retrieval = answer.retrieval;
  return {
    totalTokens: answer.totalTokens,
    completionTokens: answer.completionTokens,
    isRefEmbedding: (retrieval?.embeddings.length ?? 0) > 0,
    isRefGraph: (retrieval?.graph.length ?? 0) > 0,
    status: answer.status,
    citationMode: answer.citationMode,
    parseOutcome: answer.parseOutcome ?? null,
    hasCitationError: answer.hasCitationError,
    paragraphCount: answer.paragraphCount,
    refCount: answer.refCount,
    droppedCitationCount: answer.droppedCitationCount,
    uncitedParagraphCount: answer.uncitedParagraphCount,
    ...trustRow(answer.trust),
    embeddingRefs: embeddingRefRows(retrieval),
    graphRefs: graphRefRows(retrieval),
  };
}

/** The answer row's columns, its text, and its paragraph, citation and reference rows, all from one record. */
export function answerOutcomeRows(answer: AnswerOutcome) {
  return {
    answerText: answer.answerText,
    thinking: answer.thinking,
    ...answerColumnRows({ ...answer, paragraphCount: answer.paragraphs.length, refCount: answer.refs.length }),
    ...citationRows(answer.paragraphs, answer.refs, answer.verdicts),
  };
}

/** The retrieved chunks as the legacy whole-answer reference rows (`/conversation/message/embedding-ref`). */
export function embeddingRefRows(retrieval: RetrievalResult | undefined) {
  return (retrieval?.embeddings ?? []).map((hit) => ({
    embeddingId: hit.embeddingId,
    score: Math.min(9.99, Math.max(0, hit.score)).toFixed(2),
    chunkText: safeText(hit.text),
  }));
}

/** The graph facts of the question as the legacy graph reference row; none when the graph played no part. */
export function graphRefRows(retrieval: RetrievalResult | undefined) {
  const graph = retrieval?.graph ?? [];
  if (!retrieval || (graph.length === 0 && retrieval.entitiesFromQuestion.length === 0)) return [];
  return [
    {
      entitiesFromQuestion: JSON.stringify(retrieval.entitiesFromQuestion),
      graphFromStore: JSON.stringify({
        vertices: graph.filter((fact) => fact.kind === 'vertex'),
        edges: graph.filter((fact) => fact.kind === 'edge'),
      }),
    },
  ];
}

/**
 * The rows of {@link paragraphRow}, {@link citationRowsOf} and {@link refRow} as `jsonb_to_recordset` reads
 * them (aliased `p`, `c` and `r`): the one place their SQL types are written, for every statement that stores
 * them. A statement may leave columns out; a row may leave keys out (they read as null).
 */
export const PARAGRAPH_RECORD = `p("paragraphIndex" int, "text" text, "citationIdsJson" text, "verdict" text,
      "supported" boolean, "inferred" boolean)`;
export const CITATION_RECORD = `c("paragraphIndex" int, "citationId" text, "displayNumber" int, "citationType" text,
      "sourceId" text, "supportScore" double precision, "supportVerdict" text, "supportEvidence" jsonb,
      "quoteText" text, "quoteStart" int, "quoteEnd" int, "modelVerdict" text, "modelScore" double precision)`;
export const REF_RECORD = `r("citationId" text, "displayNumber" int, "citationType" text, "sourceId" text,
      "payloadJson" text)`;

/**
 * The part of a storing statement that writes answers' whole-answer references (the legacy embedding and graph
 * rows), as data-modifying CTEs, for each row of `answers`: a relation named `a` of each answer's `answer_id` and
 * its record `j`.
 */
export function answerRefInserts(answers: string): string {
  return `embedding_refs AS (
  INSERT INTO "adi_conversation_message_ref_embedding" ("message_id", "embedding_id", "score", "chunk_text", "user_id")
  SELECT a.answer_id, e."embeddingId", e."score", e."chunkText", (a.j->>'userId')::bigint
    FROM ${answers}, jsonb_to_recordset(a.j->'embeddingRefs') AS e("embeddingId" text, "score" numeric, "chunkText" text)
  RETURNING 1),
graph_refs AS (
  INSERT INTO "adi_conversation_message_ref_graph" ("message_id", "entities_from_question", "graph_from_store", "user_id")
  SELECT a.answer_id, g."entitiesFromQuestion", g."graphFromStore", (a.j->>'userId')::bigint
    FROM ${answers}, jsonb_to_recordset(a.j->'graphRefs') AS g("entitiesFromQuestion" text, "graphFromStore" text)
  RETURNING 1)`;
}

/**
 * The data-modifying CTEs that write an answer's paragraphs, citations and cited sources into the citation tables
 * both kinds of answer share. They expect a CTE `input` holding the record as `j`, and the CTE `owner` whose `id`
 * owns the rows, through `column`: a conversation's answer message or a Q&A record.
 */
export function citationRowInserts(column: 'message_id' | 'qa_record_id', owner: string): string {
  return `paragraphs AS (
  INSERT INTO "adi_conversation_message_citation_paragraph"
    ("${column}", "paragraph_index", "text", "citation_ids_json", "support_verdict", "is_supported",
     "is_inferred")
  SELECT ${owner}."id", p."paragraphIndex", p."text", p."citationIdsJson", p."verdict", p."supported",
         coalesce(p."inferred", false)
    FROM ${owner}, input, jsonb_to_recordset(j->'paragraphs')
      AS ${PARAGRAPH_RECORD}
  RETURNING 1),
citations AS (
  INSERT INTO "adi_conversation_message_citation"
    ("${column}", "paragraph_index", "citation_id", "display_number", "citation_type", "source_id", "support_score",
     "support_verdict", "support_evidence", "quote_text", "quote_start", "quote_end", "model_verdict", "model_score")
  SELECT ${owner}."id", c."paragraphIndex", c."citationId", c."displayNumber", c."citationType", c."sourceId",
         c."supportScore", c."supportVerdict", c."supportEvidence", c."quoteText", c."quoteStart", c."quoteEnd",
         c."modelVerdict", c."modelScore"
    FROM ${owner}, input, jsonb_to_recordset(j->'citations')
      AS ${CITATION_RECORD}
  RETURNING 1),
refs AS (
  INSERT INTO "adi_conversation_message_citation_ref"
    ("${column}", "citation_id", "display_number", "citation_type", "source_id", "payload_json")
  SELECT ${owner}."id", r."citationId", r."displayNumber", r."citationType", r."sourceId", r."payloadJson"
    FROM ${owner}, input, jsonb_to_recordset(j->'refs')
      AS ${REF_RECORD}
  RETURNING 1)`;
}

/**
 * The part of a conversation answer's storing statement that writes its citation rows and whole-answer
 * references. It expects a CTE `input` holding the record as `j` and a CTE `answer` holding the answer's `id`;
 * the journal's final statement and the one-statement save share it.
 */
export const CITATION_ROW_INSERTS = `${citationRowInserts('message_id', 'answer')},
${answerRefInserts('(SELECT answer."id" AS answer_id, j FROM answer, input) AS a')}`;
