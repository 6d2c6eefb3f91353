import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EmbeddingPayload } from '../citation/citation-catalog.js';
import { DATA_SOURCE } from '../database/database.module.js';
import type { KnowledgeBaseEntity } from '../database/entities/index.js';
import type { RetrievalPort, RetrievalResult } from './retrieval-port.js';
import { GraphRepository } from './graph.repository.js';
import { hasCjk, terms } from './text-terms.js';

/** The legacy defaults, used when a knowledge base stores 0. */
export const DEFAULT_MAX_RESULTS = 3;
export const DEFAULT_MIN_SCORE = 0.6;
/** Candidates a knowledge base contributes before scoring. */
const CANDIDATES = 30;

interface Candidate {
  embeddingId: string;
  kbUuid: string;
  kbItemUuid: string;
  text: string;
  title: string;
  rank: number;
}

/**
 * Lexical retrieval in PostgreSQL, the same on PGlite and on PostgreSQL 15: full-text ranking over the English
 * terms of the question, and trigram word similarity over its Chinese or Japanese part, which has no spaces
 * to split words on. A chunk's score is its rank relative to the best candidate of its knowledge base, so the
 * per-base minimum score (0.6 by default) keeps the chunks close to the best match.
 */
@Injectable()
export class PgRetrieval implements RetrievalPort {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly graphs: GraphRepository,
  ) {}

  async retrieve(question: string, knowledgeBaseIds: readonly string[]): Promise<RetrievalResult> {
    const bases: KnowledgeBaseEntity[] =
      knowledgeBaseIds.length === 0
        ? []
        : await this.dataSource.query(
            `SELECT "uuid", "retrieve_max_results" AS "retrieveMaxResults", "retrieve_min_score" AS "retrieveMinScore"
               FROM "adi_knowledge_base" WHERE "id"::text = ANY($1) AND NOT "is_deleted"`,
            [[...knowledgeBaseIds]],
          );
    const english = [...new Set(terms(question).filter((term) => !hasCjk(term) && /^[\p{L}\p{N}]+$/u.test(term)))];
    const cjk = (question.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu) ?? []).join('');
    const hits: (EmbeddingPayload & { relative: number })[] = [];
    for (const base of bases) {
      const candidates = await this.candidates(base.uuid, english.join(' | '), cjk);
      const best = candidates[0]?.rank ?? 0;
      const maxResults = base.retrieveMaxResults > 0 ? base.retrieveMaxResults : DEFAULT_MAX_RESULTS;
      const minScore = base.retrieveMinScore > 0 ? base.retrieveMinScore : DEFAULT_MIN_SCORE;
      for (const candidate of candidates.slice(0, maxResults)) {
        const relative = best > 0 ? candidate.rank / best : 0;
        if (relative < minScore) continue;
        hits.push({
          embeddingId: candidate.embeddingId,
          text: candidate.text,
          score: Math.round(relative * 100) / 100,
          kbUuid: candidate.kbUuid,
          kbItemUuid: candidate.kbItemUuid,
          title: candidate.title,
          relative,
        });
      }
    }
    hits.sort((a, b) => b.relative - a.relative);
    const embeddings = hits.map(({ relative: _relative, ...hit }) => hit);
    const graph = await this.graphs.match(
      question,
      bases.map((base) => base.uuid),
    );
    const entitiesFromQuestion = graph.flatMap((fact) => (fact.kind === 'vertex' ? [fact.name] : []));
    return { embeddings, graph, entitiesFromQuestion };
  }

  /**
   * The best chunks of one knowledge base. The query names only the branches the question needs, so that each
   * is answered from its index (full text: GIN over the English tsvector; Chinese and Japanese: the trigram
   * GIN index through `<%`, whose threshold `pg_trgm.word_similarity_threshold` is set for the connection).
   */
  private candidates(kbUuid: string, tsquery: string, cjk: string): Promise<Candidate[]> {
    const params: string[] = [kbUuid];
    const matches: string[] = [];
    const rank: string[] = [];
    if (tsquery !== '') {
      params.push(tsquery);
      const query = `to_tsquery('english', $${params.length})`;
      matches.push(`to_tsvector('english', c."text") @@ ${query}`);
      rank.push(`ts_rank_cd(to_tsvector('english', c."text"), ${query})`);
    }
    if (cjk !== '') {
      params.push(cjk);
      matches.push(`$${params.length} <% c."text"`);
      rank.push(`word_similarity($${params.length}, c."text")`);
    }
    if (matches.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT c."embedding_id" AS "embeddingId", c."kb_uuid" AS "kbUuid", c."kb_item_uuid" AS "kbItemUuid", c."text",
              i."title", ${rank.join(' + ')} AS "rank"
         FROM "adi_knowledge_base_embedding" c
         JOIN "adi_knowledge_base_item" i ON i."uuid" = c."kb_item_uuid" AND NOT i."is_deleted"
        WHERE c."kb_uuid" = $1 AND (${matches.join(' OR ')})
        ORDER BY "rank" DESC, c."chunk_index" ASC
        LIMIT ${CANDIDATES}`,
      params,
    );
  }
}
