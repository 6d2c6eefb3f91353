import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An answer while it is written: who may read it, and the lease its writer renews while it streams. A lease
 * that has run out means the writer died; the answer is then closed as `interrupted`.
 */
@Entity('adi_answer_stream')
export class AnswerStreamEntity {
  @PrimaryColumn({ name: 'message_id', type: 'bigint' })
  messageId!: string;

  @Column({ name: 'answer_uuid', type: 'varchar', length: 32, unique: true })
  answerUuid!: string;

  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;

  @Column({ name: 'lease_expires_at', type: 'timestamptz' })
  leaseExpiresAt!: Date;

  /** Set by a stop request; the writer checks it with each lease renewal. */
  @Column({ name: 'stop_requested', type: 'boolean', default: false })
  stopRequested!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;
}

/** One SSE event of an answer's stream, as it was sent: replayed byte for byte on resume. */
@Entity('adi_answer_event')
export class AnswerEventEntity {
  @PrimaryColumn({ name: 'message_id', type: 'bigint' })
  messageId!: string;

  /** The event's id on the wire: 1 for `[START]`. */
  @PrimaryColumn({ type: 'integer' })
  seq!: number;

  /** The event name; null for the unnamed answer-text events. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  event!: string | null;

  @Column({ type: 'text' })
  data!: string;
}
