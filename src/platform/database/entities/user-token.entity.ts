import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Login tokens, when they are kept in PostgreSQL (without REDIS_URL). */
@Entity('adi_user_token')
export class UserTokenEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  token!: string;

  @Index()
  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
