import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const MESSAGE_ROLE = { user: 1, assistant: 3 } as const;

/**
 * How an answer ended: streamed to the end, cut short (the client left, asked to stop, or the writer died), or
 * by a failure; `streaming` while it is being written.
 */
export type AnswerStatus = 'complete' | 'interrupted' | 'failed' | 'streaming';

@Entity('adi_conversation_message')
@Index(['conversationId', 'parentMessageId'])
export class MessageEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32, unique: true })
  uuid!: string;

  /** 0 for a question; the question's id for an answer. */
  @Column({ name: 'parent_message_id', type: 'bigint', default: 0 })
  parentMessageId!: string;

  @Column({ name: 'conversation_id', type: 'bigint' })
  conversationId!: string;

  @Column({ name: 'conversation_uuid', type: 'varchar', length: 32 })
  conversationUuid!: string;

  @Index()
  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;

  /** The text: the question, or the answer text the reader was shown. */
  @Column({ type: 'text' })
  remark!: string;

  @Column({ name: 'thinking_content', type: 'text', default: '' })
  thinkingContent!: string;

  @Column({ name: 'message_role', type: 'smallint' })
  messageRole!: number;

  @Column({ type: 'integer', default: 0 })
  tokens!: number;

  @Column({ name: 'ai_model_platform', type: 'varchar', length: 45, default: '' })
  aiModelPlatform!: string;

  @Column({ name: 'is_ref_embedding', type: 'boolean', default: false })
  isRefEmbedding!: boolean;

  @Column({ name: 'is_ref_graph', type: 'boolean', default: false })
  isRefGraph!: boolean;

  @Column({ name: 'answer_status', type: 'varchar', length: 16, default: 'complete' })
  answerStatus!: AnswerStatus;

  @Column({ name: 'citation_mode', type: 'varchar', length: 16, nullable: true })
  citationMode!: string | null;

  @Column({ name: 'parse_outcome', type: 'varchar', length: 16, nullable: true })
  parseOutcome!: string | null;

  @Column({ name: 'has_citation_error', type: 'boolean', default: false })
  hasCitationError!: boolean;

  @Column({ name: 'paragraph_count', type: 'integer', default: 0 })
  paragraphCount!: number;

  @Column({ name: 'ref_count', type: 'integer', default: 0 })
  refCount!: number;

  @Column({ name: 'dropped_citation_count', type: 'integer', default: 0 })
  droppedCitationCount!: number;

  @Column({ name: 'uncited_paragraph_count', type: 'integer', default: 0 })
  uncitedParagraphCount!: number;

  /** Citations and paragraphs by the support check's verdict: zero on answers stored before it had three. */
  @Column({ name: 'verified_citation_count', type: 'integer', default: 0 })
  verifiedCitationCount!: number;

  @Column({ name: 'unverified_citation_count', type: 'integer', default: 0 })
  unverifiedCitationCount!: number;

  @Column({ name: 'contradicted_citation_count', type: 'integer', default: 0 })
  contradictedCitationCount!: number;

  @Column({ name: 'verified_paragraph_count', type: 'integer', default: 0 })
  verifiedParagraphCount!: number;

  @Column({ name: 'contradicted_paragraph_count', type: 'integer', default: 0 })
  contradictedParagraphCount!: number;

  /** Older names, still written: contradicted citations, and verified paragraphs. */
  @Column({ name: 'unsupported_citation_count', type: 'integer', default: 0 })
  unsupportedCitationCount!: number;

  @Column({ name: 'supported_paragraph_count', type: 'integer', default: 0 })
  supportedParagraphCount!: number;

  @Column({ name: 'inferred_paragraph_count', type: 'integer', default: 0 })
  inferredParagraphCount!: number;

  @Column({ name: 'unverified_quote_count', type: 'integer', default: 0 })
  unverifiedQuoteCount!: number;

  /** The answer is the refusal sent when retrieval offered nothing. */
  @Column({ name: 'is_refused', type: 'boolean', default: false })
  isRefused!: boolean;

  /** The model stopped at its token limit. */
  @Column({ name: 'is_truncated', type: 'boolean', default: false })
  isTruncated!: boolean;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @Index()
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}
