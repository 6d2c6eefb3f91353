import type { SupportEvidence } from '../../citation/support/support-verifier.js';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** How a Q&A answer ended; `''` while the question has not been answered. */
export type QaAnswerStatus = '' | 'complete' | 'interrupted' | 'failed';

/**
 * One question asked of a knowledge base on its Q&A page, and its answer: the legacy table and columns, plus
 * how the answer ended and how its citations came out.
 */
@Entity('adi_knowledge_base_qa')
@Index(['userId', 'kbUuid'])
export class KnowledgeQaEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32, unique: true })
  uuid!: string;

  @Column({ name: 'kb_id', type: 'bigint', default: 0 })
  kbId!: string;

  @Column({ name: 'kb_uuid', type: 'varchar', length: 32, default: '' })
  kbUuid!: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  question!: string;

  /** What the model was asked: the question. */
  @Column({ type: 'text', default: '' })
  prompt!: string;

  @Column({ name: 'prompt_tokens', type: 'integer', default: 0 })
  promptTokens!: number;

  /** The answer text the reader was shown. */
  @Column({ type: 'text', default: '' })
  answer!: string;

  @Column({ name: 'answer_tokens', type: 'integer', default: 0 })
  answerTokens!: number;

  @Column({ name: 'source_file_ids', type: 'varchar', length: 500, default: '' })
  sourceFileIds!: string;

  @Column({ name: 'user_id', type: 'bigint', default: 0 })
  userId!: string;

  @Column({ name: 'ai_model_id', type: 'bigint', default: 0 })
  aiModelId!: string;

  /** The model the asker picked; blank: the default. */
  @Column({ name: 'ai_model_name', type: 'varchar', length: 100, default: '' })
  aiModelName!: string;

  @Column({ name: 'answer_status', type: 'varchar', length: 16, default: '' })
  answerStatus!: QaAnswerStatus;

  @Column({ name: 'citation_mode', type: 'varchar', length: 16, default: '' })
  citationMode!: string;

  @Column({ name: 'has_citation_error', type: 'boolean', default: false })
  hasCitationError!: boolean;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}

/** Every chunk retrieved for a Q&A answer, with its score: the legacy 引用 list. */
@Entity('adi_knowledge_base_qa_ref_embedding')
export class KnowledgeQaRefEmbeddingEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index()
  @Column({ name: 'qa_record_id', type: 'bigint', default: 0 })
  qaRecordId!: string;

  @Column({ name: 'embedding_id', type: 'varchar', length: 36, default: '' })
  embeddingId!: string;

  @Column({ type: 'numeric', precision: 3, scale: 2, default: 0 })
  score!: string;

  /** The chunk's text as it was retrieved, so that the reference stays readable if the chunk changes. */
  @Column({ name: 'chunk_text', type: 'text', default: '' })
  chunkText!: string;

  @Column({ name: 'user_id', type: 'bigint', default: 0 })
  userId!: string;
}

/** The knowledge-graph part of a Q&A answer's references: the legacy 图谱. */
@Entity('adi_knowledge_base_qa_ref_graph')
export class KnowledgeQaRefGraphEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index()
  @Column({ name: 'qa_record_id', type: 'bigint', default: 0 })
  qaRecordId!: string;

  /** The entities the question was matched on, comma-separated as the legacy table keeps them. */
  @Column({ name: 'entities_from_question', type: 'text', default: '' })
  entitiesFromQuestion!: string;

  /** JSON `{"vertices":[],"edges":[]}`. */
  @Column({ name: 'graph_from_store', type: 'text', default: '' })
  graphFromStore!: string;

  @Column({ name: 'user_id', type: 'bigint', default: 0 })
  userId!: string;
}

/** One paragraph of a Q&A answer, with the citation ids it carried. */
@Entity('adi_knowledge_base_qa_citation_paragraph')
@Index(['qaRecordId', 'paragraphIndex'])
export class KnowledgeQaParagraphEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'qa_record_id', type: 'bigint' })
  qaRecordId!: string;

  @Column({ name: 'paragraph_index', type: 'integer' })
  paragraphIndex!: number;

  @Column({ type: 'text' })
  text!: string;

  /** JSON array of the paragraph's citation ids, in order. */
  @Column({ name: 'citation_ids_json', type: 'text' })
  citationIdsJson!: string;

  /** Older form of `supportVerdict`, still written: the paragraph was verified; null when checks were off. */
  @Column({ name: 'is_supported', type: 'boolean', nullable: true })
  isSupported!: boolean | null;

  /**
   * The support check's verdict on the paragraph as a whole (`SupportVerdict`); null when checks were off, and on
   * rows stored before there were three verdicts (read from `isSupported`).
   */
  @Column({ name: 'support_verdict', type: 'varchar', length: 16, nullable: true })
  supportVerdict!: string | null;

  /** The server attributed the citations itself, the model having broken the format. */
  @Column({ name: 'is_inferred', type: 'boolean', default: false })
  isInferred!: boolean;
}

/**
 * One citation of one paragraph of a Q&A answer, with what the support check found: the same columns as a
 * conversation answer's citations, so that both are read back the same way.
 */
@Entity('adi_knowledge_base_qa_citation')
@Index(['qaRecordId', 'paragraphIndex'])
export class KnowledgeQaCitationEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'qa_record_id', type: 'bigint' })
  qaRecordId!: string;

  @Column({ name: 'paragraph_index', type: 'integer' })
  paragraphIndex!: number;

  @Column({ name: 'citation_id', type: 'varchar', length: 8 })
  citationId!: string;

  @Column({ name: 'display_number', type: 'integer' })
  displayNumber!: number;

  @Column({ name: 'citation_type', type: 'varchar', length: 16 })
  citationType!: string;

  /** The real source: a chunk's embedding id, or a graph element's id. */
  @Index()
  @Column({ name: 'source_id', type: 'varchar', length: 64 })
  sourceId!: string;

  /** The support check's score and verdict; null when checks were off. */
  @Column({ name: 'support_score', type: 'double precision', nullable: true })
  supportScore!: number | null;

  /** `SupportVerdict`; rows stored before there were three verdicts hold 'supported' or 'unsupported'. */
  @Column({ name: 'support_verdict', type: 'varchar', length: 16, nullable: true })
  supportVerdict!: string | null;

  /** The verdict's `SupportEvidence`; null when the check found none, or when checks were off. */
  @Column({ name: 'support_evidence', type: 'jsonb', nullable: true })
  supportEvidence!: SupportEvidence | null;

  /** A verified quote: the source's words and their UTF-16 span in the source text. */
  @Column({ name: 'quote_text', type: 'text', nullable: true })
  quoteText!: string | null;

  @Column({ name: 'quote_start', type: 'integer', nullable: true })
  quoteStart!: number | null;

  @Column({ name: 'quote_end', type: 'integer', nullable: true })
  quoteEnd!: number | null;
}

/** Each source a Q&A answer cited, with its display number and payload. */
@Entity('adi_knowledge_base_qa_citation_ref')
export class KnowledgeQaCitationRefEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index()
  @Column({ name: 'qa_record_id', type: 'bigint' })
  qaRecordId!: string;

  @Column({ name: 'citation_id', type: 'varchar', length: 8 })
  citationId!: string;

  @Column({ name: 'display_number', type: 'integer' })
  displayNumber!: number;

  @Column({ name: 'citation_type', type: 'varchar', length: 16 })
  citationType!: string;

  /** The real source: a chunk's embedding id, or a graph element's id; indexed for "which answers cited it". */
  @Index()
  @Column({ name: 'source_id', type: 'varchar', length: 64 })
  sourceId!: string;

  @Column({ name: 'payload_json', type: 'text' })
  payloadJson!: string;
}
