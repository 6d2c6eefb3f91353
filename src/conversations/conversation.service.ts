import { Injectable } from '@nestjs/common';
import type { CurrentUser } from '../accounts/current-user.js';
import { InvalidParameterError } from '../platform/common/app-error.js';
import type { ConversationEntity, KnowledgeBaseEntity, MessageEntity } from '../platform/database/entities/index.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import {
  ConversationNotYoursError,
  ConversationUnknownError,
  KnowledgeBaseNotAllowedError,
  MessageNotFoundError,
  TitleTakenError,
  TooManyConversationsError,
} from './conversation-errors.js';
import {
  ConversationRepository,
  knowledgeBaseIdsOf,
  MAX_CONVERSATIONS,
  type ConversationFields,
} from './conversation.repository.js';
import { MessageRepository } from './message.repository.js';

/** A conversation with the knowledge bases its owner may still read among those attached to it. */
export interface ConversationWithBases {
  conversation: ConversationEntity;
  bases: KnowledgeBaseEntity[];
}

/** One question of a conversation's history, with its answers. */
export interface HistoryEntry {
  question: MessageEntity;
  answers: MessageEntity[];
}

/** The rules of a user's conversations: who may see and change them, what may be attached, how many. */
@Injectable()
export class ConversationService {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly knowledge: KnowledgeRepository,
  ) {}

  /** The caller's conversations; an attached knowledge base the caller may no longer read (made private) is left out. */
  async list(user: CurrentUser): Promise<{ conversations: ConversationEntity[]; bases: KnowledgeBaseEntity[] }> {
    const conversations = await this.conversations.listByUser(user.id);
    const attached = await this.knowledge.findBasesByIds([...new Set(conversations.flatMap(knowledgeBaseIdsOf))]);
    return { conversations, bases: attached.filter((base) => canRead(base, user)) };
  }

  async create(user: CurrentUser, fields: ConversationFields): Promise<ConversationWithBases> {
    if (!fields.title) throw new InvalidParameterError('title: a new conversation needs a title');
    if (await this.conversations.findByTitle(user.id, fields.title)) throw new TitleTakenError();
    const bases = await this.attachable(fields.kbIds ?? [], user);
    if ((await this.conversations.listByUser(user.id)).length >= MAX_CONVERSATIONS)
      throw new TooManyConversationsError();
    const conversation = await this.conversations.create(user.id, { ...fields, title: fields.title });
    return { conversation, bases };
  }

  async edit(user: CurrentUser, uuid: string, fields: ConversationFields): Promise<void> {
    const conversation = await this.owned(uuid, user);
    if (fields.kbIds) await this.attachable(fields.kbIds, user);
    await this.conversations.update(conversation, fields);
  }

  async remove(user: CurrentUser, uuid: string): Promise<void> {
    await this.conversations.softDelete(await this.owned(uuid, user));
  }

  /** Up to `pageSize` questions older than `beforeUuid` (all when it is empty), newest first, each with its answers. */
  async history(user: CurrentUser, uuid: string, beforeUuid: string, pageSize: number): Promise<HistoryEntry[]> {
    const conversation = await this.owned(uuid, user);
    let beforeId: string | undefined;
    if (beforeUuid !== '') {
      const before = await this.messages.findReadable(beforeUuid, user);
      if (!before || before.conversationId !== conversation.id) throw new MessageNotFoundError();
      beforeId = before.id;
    }
    return this.messages.historyPage(conversation.id, beforeId, pageSize);
  }

  /** The knowledge bases behind `ids`, all of which the user may attach: their own, or public ones. */
  private async attachable(ids: readonly string[], user: CurrentUser): Promise<KnowledgeBaseEntity[]> {
    const bases = await this.knowledge.findBasesByIds(ids);
    for (const id of ids) {
      const base = bases.find((candidate) => candidate.id === id);
      if (!base || !canRead(base, user)) throw new KnowledgeBaseNotAllowedError(id);
    }
    return bases;
  }

  private async owned(uuid: string, user: CurrentUser): Promise<ConversationEntity> {
    const conversation = await this.conversations.findByUuid(uuid);
    if (!conversation) throw new ConversationUnknownError(uuid);
    if (conversation.userId !== user.id && !user.isAdmin) throw new ConversationNotYoursError(uuid);
    return conversation;
  }
}
