import type { SupportEvidence } from '../../../citation/support/support-verifier.js';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** Each citation row belongs to exactly one answer: a conversation's answer message or a Q&A record. */
const OWNER_CHECK = 'num_nonnulls("message_id", "qa_record_id") = 1';

/**
 * One paragraph of an answer as its stream carried it. Every citation table serves both kinds of answer: a
 * conversation's answer message (`message_id`) and a knowledge-base Q&A record (`qa_record_id`); a row has
 * exactly one of them.
 */
@Entity('adi_conversation_message_citation_paragraph')
@Unique(['messageId', 'paragraphIndex'])
@Index('IDX_citation_paragraph_qa_record', ['qaRecordId', 'paragraphIndex'])
@Check('CHK_adi_conversation_message_citation_paragraph_owner', OWNER_CHECK)
export class CitationParagraphEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The answer message, for a conversation's answer; null for a Q&A record's. */
  @Column({ name: 'message_id', type: 'bigint', nullable: true })
  messageId!: string | null;

  /** The knowledge-base Q&A record, for its answer; null for a conversation's. */
  @Column({ name: 'qa_record_id', type: 'bigint', nullable: true })
  qaRecordId!: string | null;

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

  @Index()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * One citation of one paragraph, normalized: "which answers cited this chunk" is an index lookup on
 * `source_id`, "all citations of this answer" one on `message_id`.
 */
@Entity('adi_conversation_message_citation')
@Index(['messageId', 'paragraphIndex'])
@Index('IDX_citation_qa_record', ['qaRecordId', 'paragraphIndex'])
@Check('CHK_adi_conversation_message_citation_owner', OWNER_CHECK)
export class CitationEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The answer message, for a conversation's answer; null for a Q&A record's. */
  @Column({ name: 'message_id', type: 'bigint', nullable: true })
  messageId!: string | null;

  /** The knowledge-base Q&A record, for its answer; null for a conversation's. */
  @Column({ name: 'qa_record_id', type: 'bigint', nullable: true })
  qaRecordId!: string | null;

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

  /** The model verifier's later verdict, when one is configured and answered in time. */
  @Column({ name: 'model_verdict', type: 'varchar', length: 16, nullable: true })
  modelVerdict!: string | null;

  @Column({ name: 'model_score', type: 'double precision', nullable: true })
  modelScore!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** Each source an answer cited, with the payload its `[CITATION_REF]` event carried. */
@Entity('adi_conversation_message_citation_ref')
@Unique(['messageId', 'citationId'])
@Index('IDX_citation_ref_qa_record', ['qaRecordId'])
@Check('CHK_adi_conversation_message_citation_ref_owner', OWNER_CHECK)
export class CitationRefEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The answer message, for a conversation's answer; null for a Q&A record's. */
  @Column({ name: 'message_id', type: 'bigint', nullable: true })
  messageId!: string | null;

  /** The knowledge-base Q&A record, for its answer; null for a conversation's. */
  @Column({ name: 'qa_record_id', type: 'bigint', nullable: true })
  qaRecordId!: string | null;

  @Column({ name: 'citation_id', type: 'varchar', length: 8 })
  citationId!: string;

  @Column({ name: 'display_number', type: 'integer' })
  displayNumber!: number;

  @Column({ name: 'citation_type', type: 'varchar', length: 16 })
  citationType!: string;

  @Column({ name: 'source_id', type: 'varchar', length: 64 })
  sourceId!: string;

  @Column({ name: 'payload_json', type: 'text' })
  payloadJson!: string;
}
