import { Inject, Injectable } from '@nestjs/common';
import { CitationCatalog } from '../../citation/citation-catalog.js';
import { ConversationHistory } from '../../conversations/conversation-history.js';
import { canRead } from '../../knowledge/knowledge-access.js';
import { RETRIEVAL_PORT, type RetrievalPort, type RetrievalResult } from '../../knowledge/retrieval-port.js';
import type { SseFrame } from '../../platform/sse/sse-frames.js';
import { STATES, type AnswerFrameMapper } from '../answer-frames.js';
import type { AnswerProfile } from '../answer-profile.js';
import type { AnswerQuestion } from '../answer-question.js';
import type { Retrieved } from './handoffs.js';
import { CitationTrust } from '../citation-trust.service.js';

/**
 * Stage 3, retrieve and catalogue: the conversation's memory when the profile keeps one, the search of the
 * knowledge bases the asker can still read (chunks and graph facts), the catalogue of sources built from the
 * hits, and the citation core's options for them.
 */
@Injectable()
export class RetrieveStage {
  constructor(
    @Inject(RETRIEVAL_PORT) private readonly retrieval: RetrievalPort,
    private readonly history: ConversationHistory,
    private readonly trust: CitationTrust,
  ) {}

  async retrieve(
    profile: AnswerProfile,
    question: AnswerQuestion,
    mapper: AnswerFrameMapper,
    emit: (frames: readonly SseFrame[]) => void,
  ): Promise<Retrieved> {
    const conversation =
      profile.memory && question.owner.kind === 'conversation' ? question.owner.conversation : undefined;
    // The conversation's memory: its system message and, with context on, the earlier turns that fit.
    const memory = conversation
      ? await this.history.load(conversation, question.text, question.existingId)
      : { request: { history: [] }, retrievalQuery: question.text };
    // A knowledge base made private by its owner since it was attached is no longer searched.
    const bases = question.bases.filter((base) => canRead(base, question.user));
    let hits: RetrievalResult | undefined;
    if (bases.length > 0) {
      emit(mapper.state(STATES.knowledgeSearching));
      hits = await this.retrieval.retrieve(memory.retrievalQuery, bases);
    }
    const catalog = CitationCatalog.fromHits(hits?.embeddings ?? [], hits?.graph ?? []);
    const options = await this.trust.options(catalog, conversation?.id);
    return { memory, hits, catalog, options };
  }
}
