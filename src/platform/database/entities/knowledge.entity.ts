import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Indexing status of an item, by the names legacy clients show. */
export type IndexingStatus = 'NONE' | 'DOING' | 'DONE' | 'FAIL';

@Entity('adi_knowledge_base')
export class KnowledgeBaseEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32, unique: true })
  uuid!: string;

  @Column({ type: 'varchar', length: 250 })
  title!: string;

  @Column({ type: 'text', default: '' })
  remark!: string;

  @Column({ name: 'is_public', type: 'boolean', default: false })
  isPublic!: boolean;

  @Column({ name: 'is_strict', type: 'boolean', default: true })
  isStrict!: boolean;

  @Index()
  @Column({ name: 'owner_id', type: 'bigint' })
  ownerId!: string;

  @Column({ name: 'owner_uuid', type: 'varchar', length: 32 })
  ownerUuid!: string;

  @Column({ name: 'owner_name', type: 'varchar', length: 45 })
  ownerName!: string;

  /** 0: the default (3). */
  @Column({ name: 'retrieve_max_results', type: 'integer', default: 0 })
  retrieveMaxResults!: number;

  /** 0: the default (0.6). */
  @Column({ name: 'retrieve_min_score', type: 'double precision', default: 0 })
  retrieveMinScore!: number;

  /** Characters per chunk; 0: the configured default. */
  @Column({ name: 'ingest_max_segment', type: 'integer', default: 0 })
  ingestMaxSegment!: number;

  /** Characters two neighbouring chunks share; 0: the configured default. */
  @Column({ name: 'ingest_max_overlap', type: 'integer', default: 0 })
  ingestMaxOverlap!: number;

  @Column({ name: 'star_count', type: 'integer', default: 0 })
  starCount!: number;

  @Column({ name: 'item_count', type: 'integer', default: 0 })
  itemCount!: number;

  @Column({ name: 'embedding_count', type: 'integer', default: 0 })
  embeddingCount!: number;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}

@Entity('adi_knowledge_base_item')
export class KnowledgeBaseItemEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32, unique: true })
  uuid!: string;

  @Column({ name: 'kb_id', type: 'bigint' })
  kbId!: string;

  @Index()
  @Column({ name: 'kb_uuid', type: 'varchar', length: 32 })
  kbUuid!: string;

  @Column({ type: 'varchar', length: 250 })
  title!: string;

  @Column({ type: 'varchar', length: 250, default: '' })
  brief!: string;

  /** The item's full text. */
  @Column({ type: 'text', default: '' })
  remark!: string;

  @Column({ name: 'source_file_name', type: 'varchar', length: 250, default: '' })
  sourceFileName!: string;

  /** The uploaded file the item was made from (served at `/file/{uuid}.{ext}`); '' for an item added as text. */
  @Column({ name: 'source_file_uuid', type: 'varchar', length: 32, default: '' })
  sourceFileUuid!: string;

  @Column({ name: 'embedding_status', type: 'varchar', length: 8, default: 'NONE' })
  embeddingStatus!: IndexingStatus;

  @Column({ name: 'embedding_status_change_time', type: 'timestamptz', nullable: true })
  embeddingStatusChangeTime!: Date | null;

  /** How many chunks the item was cut into when last indexed. */
  @Column({ name: 'chunk_count', type: 'integer', default: 0 })
  chunkCount!: number;

  @Column({ name: 'graphical_status', type: 'varchar', length: 8, default: 'NONE' })
  graphicalStatus!: IndexingStatus;

  /** Why the last indexing of this item failed; empty when it did not. */
  @Column({ name: 'indexing_error', type: 'varchar', length: 500, default: '' })
  indexingError!: string;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}

/**
 * One chunk of an item, under the legacy identity: a UUID `embedding_id`, the text, and metadata holding
 * `kb_uuid` and `kb_item_uuid`. The GIN index over `search_vector` is created by the migration.
 */
@Entity('adi_knowledge_base_embedding')
@Index('IDX_knowledge_chunk_search', { synchronize: false })
export class KnowledgeChunkEntity {
  @PrimaryColumn({ name: 'embedding_id', type: 'varchar', length: 36 })
  embeddingId!: string;

  @Index()
  @Column({ name: 'kb_uuid', type: 'varchar', length: 32 })
  kbUuid!: string;

  @Index()
  @Column({ name: 'kb_item_uuid', type: 'varchar', length: 32 })
  kbItemUuid!: string;

  @Column({ name: 'chunk_index', type: 'integer' })
  chunkIndex!: number;

  @Column({ type: 'text' })
  text!: string;

  /**
   * Overlapping character pairs of the Chinese and Japanese text, space-separated: those languages have no
   * spaces between words, so these pairs stand in for words in the full-text index.
   */
  @Column({ name: 'search_terms', type: 'text', default: '' })
  searchTerms!: string;

  /** The full-text index: English words (stemmed) and the character pairs above. */
  @Column({
    name: 'search_vector',
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: `to_tsvector('english', "text") || to_tsvector('simple', "search_terms")`,
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;

  /** JSON: `{"kb_uuid": …, "kb_item_uuid": …}`. */
  @Column({ type: 'text' })
  metadata!: string;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;
}

/**
 * How many chunks of a knowledge base hold each word of its full-text index (a lexeme of `search_vector`). Kept by
 * triggers on the chunk table (see migration `1796300000000-knowledge-term-counts`), never written by the
 * service: retrieval reads it to know, before touching any chunk, which of a question's words are rare.
 */
@Entity('adi_knowledge_base_term')
export class KnowledgeTermEntity {
  @PrimaryColumn({ name: 'kb_uuid', type: 'varchar', length: 32 })
  kbUuid!: string;

  @PrimaryColumn({ type: 'text' })
  lexeme!: string;

  @Column({ name: 'chunk_count', type: 'integer' })
  chunkCount!: number;
}

/** A knowledge-graph vertex: an entity of a knowledge base, with the fields legacy clients read. */
@Entity('adi_knowledge_graph_vertex')
@Index('IDX_knowledge_graph_vertex_name', { synchronize: false })
export class GraphVertexEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Index()
  @Column({ name: 'kb_uuid', type: 'varchar', length: 32 })
  kbUuid!: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  label!: string;

  @Column({ type: 'varchar', length: 250 })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ name: 'text_segment_id', type: 'varchar', length: 64, default: '' })
  textSegmentId!: string;

  /** JSON object. */
  @Column({ type: 'text', default: '{}' })
  metadata!: string;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;
}

/** A knowledge-graph edge between two vertices of one knowledge base. */
@Entity('adi_knowledge_graph_edge')
export class GraphEdgeEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Index()
  @Column({ name: 'kb_uuid', type: 'varchar', length: 32 })
  kbUuid!: string;

  @Column({ type: 'varchar', length: 64 })
  label!: string;

  @Column({ type: 'double precision', default: 1 })
  weight!: number;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ name: 'text_segment_id', type: 'varchar', length: 64, default: '' })
  textSegmentId!: string;

  @Column({ type: 'text', default: '{}' })
  metadata!: string;

  @Index()
  @Column({ name: 'start_id', type: 'varchar', length: 64 })
  startId!: string;

  @Index()
  @Column({ name: 'end_id', type: 'varchar', length: 64 })
  endId!: string;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;
}
