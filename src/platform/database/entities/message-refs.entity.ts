import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Whole-answer references to chunks: every chunk retrieved for the answer, with its score. */
@Entity('adi_conversation_message_ref_embedding')
export class RefEmbeddingEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index()
  @Column({ name: 'message_id', type: 'bigint' })
  messageId!: string;

  @Column({ name: 'embedding_id', type: 'varchar', length: 36 })
  embeddingId!: string;

  @Column({ type: 'numeric', precision: 3, scale: 2 })
  score!: string;

  /** The chunk's text as it was cited, so that the reference stays readable if the chunk changes. */
  @Column({ name: 'chunk_text', type: 'text', default: '' })
  chunkText!: string;

  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;
}

/** Whole-answer references to the knowledge graph. */
@Entity('adi_conversation_message_ref_graph')
export class RefGraphEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index()
  @Column({ name: 'message_id', type: 'bigint' })
  messageId!: string;

  /** JSON array of the entities the question was matched on. */
  @Column({ name: 'entities_from_question', type: 'text' })
  entitiesFromQuestion!: string;

  /** JSON `{"vertices":[],"edges":[]}`. */
  @Column({ name: 'graph_from_store', type: 'text' })
  graphFromStore!: string;

  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;
}
