import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type IndexingJobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * One item to index (`embedding`: chunks for retrieval, and their vectors when embeddings are configured; `vectors`: the vectors alone,
 * after EMBEDDING_MODEL changed; `graphical`: graph facts). Any instance may claim a
 * queued job; a running one whose heartbeat stopped (its process died) is claimed again.
 */
@Entity('adi_indexing_job')
@Index('IDX_indexing_job_status', ['status', 'id'])
@Index('IDX_indexing_job_user', ['userId', 'status'])
export class IndexingJobEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_indexing_job' })
  id!: string;

  @Column({ name: 'item_uuid', type: 'varchar', length: 32 })
  itemUuid!: string;

  @Column({ name: 'kb_uuid', type: 'varchar', length: 32 })
  kbUuid!: string;

  /** Who asked for it: `indexing/check` answers per user. */
  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: 'embedding' | 'graphical' | 'vectors';

  @Column({ type: 'varchar', length: 8, default: 'queued' })
  status!: IndexingJobStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'varchar', length: 500, default: '' })
  error!: string;

  /** Chunks embedded so far, of `progressTotal`: what `indexing/check` shows while vectors are made. */
  @Column({ name: 'progress_done', type: 'integer', default: 0 })
  progressDone!: number;

  @Column({ name: 'progress_total', type: 'integer', default: 0 })
  progressTotal!: number;

  /** The instance working on it (host and pid), for the logs. */
  @Column({ name: 'claimed_by', type: 'varchar', length: 64, default: '' })
  claimedBy!: string;

  @Column({ name: 'heartbeat_at', type: 'timestamptz', nullable: true })
  heartbeatAt!: Date | null;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}
