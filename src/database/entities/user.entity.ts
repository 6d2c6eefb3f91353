import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('adi_user')
export class UserEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32, unique: true })
  uuid!: string;

  @Column({ type: 'varchar', length: 45 })
  name!: string;

  @Column({ type: 'varchar', length: 120, unique: true })
  email!: string;

  /** bcrypt hash, salt included. */
  @Column({ type: 'varchar', length: 120 })
  password!: string;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin!: boolean;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}
