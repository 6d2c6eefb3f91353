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
