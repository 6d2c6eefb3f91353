import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** A conversation template (预设角色): anyone may start a conversation from it; admins create them. */
@Entity('adi_conversation_preset')
export class ConversationPresetEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32, unique: true })
  uuid!: string;

  @Column({ type: 'varchar', length: 45 })
  title!: string;

  @Column({ type: 'text', default: '' })
  remark!: string;

  @Column({ name: 'ai_system_message', type: 'text', default: '' })
  aiSystemMessage!: string;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}

/** Which of a user's conversations was started from which preset. */
@Entity('adi_conversation_preset_rel')
export class ConversationPresetRelEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'preset_conv_id', type: 'bigint' })
  presetConvId!: string;

  @Column({ name: 'user_conv_id', type: 'bigint' })
  userConvId!: string;

  @Index()
  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;
}

/** A saved prompt of the prompt library: `act` is its name, `prompt` its text. */
@Entity('adi_prompt')
export class PromptEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index()
  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;

  @Column({ type: 'varchar', length: 120 })
  act!: string;

  @Column({ type: 'text' })
  prompt!: string;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}

/** A user's star on a knowledge base; unstarring flips `is_deleted`, so there is one row per pair. */
@Entity('adi_knowledge_base_star')
@Unique(['kbId', 'userId'])
export class KnowledgeBaseStarEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'kb_id', type: 'bigint' })
  kbId!: string;

  @Column({ name: 'kb_uuid', type: 'varchar', length: 32 })
  kbUuid!: string;

  @Index()
  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}

/**
 * An uploaded file, bytes included: kept in the database so that every instance behind a load balancer can
 * serve it. `kb_uuid` names the knowledge base whose readers may download it.
 */
@Entity('adi_file')
export class StoredFileEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32, unique: true })
  uuid!: string;

  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;

  @Index()
  @Column({ name: 'kb_uuid', type: 'varchar', length: 32, default: '' })
  kbUuid!: string;

  @Column({ type: 'varchar', length: 250 })
  name!: string;

  /** Lower-case extension without the dot, as the download path carries it. */
  @Column({ type: 'varchar', length: 16 })
  ext!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 120 })
  contentType!: string;

  @Column({ type: 'integer' })
  size!: number;

  @Column({ type: 'bytea', select: false })
  data?: Buffer;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;
}
