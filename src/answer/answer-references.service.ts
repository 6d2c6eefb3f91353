import { Injectable } from '@nestjs/common';
import { AnswerRecords, type CitationOwner, type StoredCitationView } from './answer-records.repository.js';
import { storedSupport } from './stored-support.js';

/** The answer as its row says it: how it was cited, and whether the model broke the format. */
export interface AnswerHead {
  citationMode: string | null;
  hasCitationError: boolean;
}

/** How a kind of answer kept its graph reference's entities: a JSON array (conversations) or comma-separated (Q&A). */
type EntitiesFormat = 'json' | 'comma';

/**
 * The legacy reference routes' answers, for a conversation's answer and a Q&A record alike: the retrieved chunks
 * (引用), the graph (图谱) and the paragraph view with each citation's support. Who may read an answer is the
 * route's to decide; this only reads and shapes.
 */
@Injectable()
export class AnswerReferences {
  constructor(private readonly records: AnswerRecords) {}

  async embeddingRefs(owner: CitationOwner) {
    const refs = await this.records.embeddingRefs(owner);
    return refs.map((ref) => ({ embeddingId: ref.embeddingId, score: Number(ref.score), text: ref.chunkText }));
  }

  async graphRef(owner: CitationOwner) {
    const ref = await this.records.graphRef(owner);
    const format: EntitiesFormat = 'messageId' in owner ? 'json' : 'comma';
    const graph = ref?.graphFromStore
      ? (JSON.parse(ref.graphFromStore) as { vertices?: unknown[]; edges?: unknown[] })
      : {};
    return {
      entitiesFromQuestion: entitiesOf(ref?.entitiesFromQuestion, format),
      vertices: graph.vertices ?? [],
      edges: graph.edges ?? [],
    };
  }

  /** The paragraph view of a Q&A record's answer. */
  async qaCitationView(qaRecordId: string, head: AnswerHead) {
    return citationView(head, await this.records.qaCitationView(qaRecordId));
  }

  /** The paragraph views of several answer messages, by id, read at once. */
  async messageCitationViews(answers: readonly ({ id: string } & AnswerHead)[]) {
    const views = await this.records.messageCitationViews(answers.map((answer) => answer.id));
    return new Map(answers.map((answer) => [answer.id, citationView(answer, views.get(answer.id)!)]));
  }
}

function entitiesOf(stored: string | undefined, format: EntitiesFormat): unknown[] {
  if (!stored) return [];
  return format === 'json' ? (JSON.parse(stored) as unknown[]) : stored.split(',');
}

/** One answer's paragraphs with their citations, numbers and support, and each source it cited. */
function citationView(head: AnswerHead, { paragraphs, refs, citations }: StoredCitationView) {
  const numbers = new Map(refs.map((ref) => [ref.citationId, ref.displayNumber]));
  return {
    citationMode: head.citationMode || 'answer',
    hasCitationError: head.hasCitationError,
    paragraphs: paragraphs.map((paragraph) => {
      const citationIds = JSON.parse(paragraph.citationIdsJson) as string[];
      return {
        paragraphIndex: paragraph.paragraphIndex,
        text: paragraph.text,
        citationIds,
        citationNumbers: citationIds.map((id) => numbers.get(id)!),
        ...storedSupport(paragraph, citationIds, citations),
      };
    }),
    refs: refs.map((ref) => ({
      citationId: ref.citationId,
      displayNumber: ref.displayNumber,
      type: ref.citationType,
      payload: JSON.parse(ref.payloadJson) as unknown,
    })),
  };
}
