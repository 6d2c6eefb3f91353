import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AuthService } from '../accounts/auth.service.js';
import { NewUserHooks } from '../accounts/new-user-hooks.js';
import { ConversationRepository } from '../conversations/conversation.repository.js';
import type { UserEntity } from '../platform/database/entities/index.js';
import { SampleKnowledgeBase } from '../knowledge/sample-knowledge-base.js';

export const DEFAULT_CONVERSATION_TITLE = '通用智能助手';

/**
 * What needs accounts, conversations and knowledge bases at once: every new user gets a default conversation with
 * the sample knowledge base attached, so that chat works at once; on first start the admin is created and the
 * sample knowledge base is made and attached to the admin's first conversation.
 */
@Injectable()
export class OnboardingService implements OnModuleInit {
  constructor(
    private readonly auth: AuthService,
    private readonly newUsers: NewUserHooks,
    private readonly conversations: ConversationRepository,
    private readonly sample: SampleKnowledgeBase,
  ) {}

  /** Before any module starts its background work, as the accounts it prepares are what that work serves. */
  async onModuleInit(): Promise<void> {
    this.newUsers.subscribe((user) => this.giveFirstConversation(user));
    const admin = await this.auth.ensureAdmin();
    if (await this.sample.find()) return;
    const sample = await this.sample.ensure(admin);
    const [first] = await this.conversations.listByUser(admin.id);
    if (sample && first && first.kbIds === '') await this.conversations.update(first, { kbIds: [sample.id] });
  }

  private async giveFirstConversation(user: UserEntity): Promise<void> {
    const sample = await this.sample.find();
    await this.conversations.create(user.id, { title: DEFAULT_CONVERSATION_TITLE, kbIds: sample ? [sample.id] : [] });
  }
}
