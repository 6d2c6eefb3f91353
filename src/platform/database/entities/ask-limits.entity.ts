import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One answer in flight per user, shared by every instance on the database. */
@Entity('adi_ask_lock')
export class AskLockEntity {
  @PrimaryColumn({ name: 'user_id', type: 'bigint' })
  userId!: string;

  @Column({ type: 'varchar', length: 32 })
  holder!: string;

  /** A lock whose holder died is taken over once this has passed. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
