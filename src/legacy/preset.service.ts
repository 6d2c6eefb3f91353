import { Injectable } from '@nestjs/common';
import { AdminOnlyError } from '../accounts/auth.errors.js';
import type { CurrentUser } from '../accounts/current-user.js';
import { legacyPage } from '../platform/common/legacy-page.js';
import { TooManyConversationsError } from '../conversations/conversation-errors.js';
import { toConvDto } from '../conversations/conversation-dto.js';
import {
  ConversationRepository,
  knowledgeBaseIdsOf,
  MAX_CONVERSATIONS,
} from '../conversations/conversation.repository.js';
import type { ConversationEntity } from '../platform/database/entities/index.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import { toPresetDto, toRelationDto } from './preset-dto.js';
import { PresetRepository, type PresetFields } from './preset.repository.js';
import { PresetNotFoundError, PresetTitleTakenError } from './preset-errors.js';

/** Conversation presets (预设角色): listed for everyone, created by admins, used to start a conversation. */
@Injectable()
export class PresetService {
  constructor(
    private readonly presets: PresetRepository,
    private readonly conversations: ConversationRepository,
    private readonly knowledge: KnowledgeRepository,
  ) {}

  async search(title: string, page: number, size: number) {
    const [records, total] = await this.presets.search(title, page, size);
    return legacyPage(records.map(toPresetDto), total, page, size);
  }

  async mine(user: CurrentUser, limit: number) {
    return (await this.presets.liveRelations(user.id, limit)).map(toRelationDto);
  }

  /**
   * The user's conversation from this preset: the one they already have, or a new one with the preset's title,
   * remark and system message. Either way the whole `ConvDto`, so the frontend's toolbar has its arrays.
   */
  async use(user: CurrentUser, presetUuid: string) {
    const preset = await this.presets.findByUuid(presetUuid);
    if (!preset) throw new PresetNotFoundError(presetUuid);
    const existingId = await this.presets.liveConversationId(user.id, preset.id);
    const existing = existingId
      ? (await this.conversations.listByUser(user.id)).find((conversation) => conversation.id === existingId)
      : undefined;
    if (existing) return this.toDto(existing, user);
    if (await this.conversations.findByTitle(user.id, preset.title)) throw new PresetTitleTakenError(preset.title);
    if ((await this.conversations.listByUser(user.id)).length >= MAX_CONVERSATIONS)
      throw new TooManyConversationsError();
    const created = await this.conversations.create(user.id, {
      title: preset.title,
      remark: preset.remark,
      aiSystemMessage: preset.aiSystemMessage,
    });
    await this.presets.relate(user.id, preset.id, created.id);
    return this.toDto(created, user);
  }

  async create(user: CurrentUser, fields: PresetFields) {
    if (!user.isAdmin) throw new AdminOnlyError();
    return toPresetDto(await this.presets.create(fields));
  }

  async remove(user: CurrentUser, uuid: string): Promise<void> {
    if (!user.isAdmin) throw new AdminOnlyError();
    const preset = await this.presets.findByUuid(uuid);
    if (!preset) throw new PresetNotFoundError(uuid);
    await this.presets.softDelete(preset);
  }

  private async toDto(conversation: ConversationEntity, user: CurrentUser) {
    const bases = await this.knowledge.findBasesByIds(knowledgeBaseIdsOf(conversation));
    return toConvDto(conversation, bases, user.uuid);
  }
}
