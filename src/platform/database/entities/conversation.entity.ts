import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('adi_conversation')
export class ConversationEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 32, unique: true })
  uuid!: string;

  @Index()
  @Column({ name: 'user_id', type: 'bigint' })
  userId!: string;

  @Column({ type: 'varchar', length: 45 })
  title!: string;

  @Column({ type: 'text', default: '' })
  remark!: string;

  @Column({ name: 'ai_system_message', type: 'text', default: '' })
  aiSystemMessage!: string;

  /** Knowledge bases attached, comma-separated, as the legacy table keeps them. */
  @Column({ name: 'kb_ids', type: 'varchar', length: 1024, default: '' })
  kbIds!: string;

  @Column({ type: 'integer', default: 0 })
  tokens!: number;

  @Column({ name: 'understand_context_enable', type: 'boolean', default: false })
  understandContextEnable!: boolean;

  @Column({ name: 'answer_content_type', type: 'smallint', default: 2 })
  answerContentType!: number;

  @Column({ name: 'is_autoplay_answer', type: 'boolean', default: false })
  isAutoplayAnswer!: boolean;

  @Column({ name: 'is_enable_thinking', type: 'boolean', default: false })
  isEnableThinking!: boolean;

  @Column({ name: 'is_enable_web_search', type: 'boolean', default: false })
  isEnableWebSearch!: boolean;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'timestamptz' })
  updateTime!: Date;
}
