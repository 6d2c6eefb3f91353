import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { User, type CurrentUser } from '../auth/current-user.js';
import { InvalidParameterError } from '../common/app-error.js';
import { ZodBody, ZodParam, ZodQuery } from '../common/zod-pipe.js';
import type { ConversationEntity, KnowledgeBaseEntity } from '../database/entities/index.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import { toConvDto, toMessageDto } from './conversation-dto.js';
import { conversationBody, conversationUuidParam, historyQuery } from './conversation.schemas.js';
import {
  ConversationRepository,
  knowledgeBaseIdsOf,
  MAX_CONVERSATIONS,
  type ConversationFields,
} from './conversation.repository.js';
import { MessageRepository } from './message.repository.js';
import {
  ConversationNotYoursError,
  ConversationUnknownError,
  KnowledgeBaseNotAllowedError,
  MessageNotFoundError,
  TitleTakenError,
  TooManyConversationsError,
} from './conversation-errors.js';

function definedFields(fields: z.output<typeof conversationBody>): ConversationFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));
}

@Controller('conversation')
export class ConversationController {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly knowledge: KnowledgeRepository,
  ) {}

  /** The caller's conversations; an attached knowledge base the caller may no longer read (made private) is left out. */
  @Get('list')
  async list(@User() user: CurrentUser) {
    const conversations = await this.conversations.listByUser(user.id);
    const attached = await this.knowledge.findBasesByIds([...new Set(conversations.flatMap(knowledgeBaseIdsOf))]);
    const bases = attached.filter((base) => canRead(base, user));
    return { success: true, data: conversations.map((conversation) => toConvDto(conversation, bases, user.uuid)) };
  }

  @Post('add')
  @HttpCode(200)
  async add(@User() user: CurrentUser, @ZodBody(conversationBody) body: z.output<typeof conversationBody>) {
    const fields = definedFields(body);
    if (!fields.title) throw new InvalidParameterError('title: a new conversation needs a title');
    if (await this.conversations.findByTitle(user.id, fields.title)) throw new TitleTakenError();
    const bases = await this.attachable(fields.kbIds ?? [], user);
    if ((await this.conversations.listByUser(user.id)).length >= MAX_CONVERSATIONS)
      throw new TooManyConversationsError();
    const created = await this.conversations.create(user.id, { ...fields, title: fields.title });
    return { success: true, data: toConvDto(created, bases, user.uuid) };
  }

  @Post('edit/:uuid')
  @HttpCode(200)
  async edit(
    @User() user: CurrentUser,
    @ZodParam('uuid', conversationUuidParam) uuid: string,
    @ZodBody(conversationBody) body: z.output<typeof conversationBody>,
  ) {
    const conversation = await this.owned(uuid, user);
    const fields = definedFields(body);
    if (fields.kbIds) await this.attachable(fields.kbIds, user);
    await this.conversations.update(conversation, fields);
    return { success: true, data: true };
  }

  @Post('del/:uuid')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @ZodParam('uuid', conversationUuidParam) uuid: string) {
    await this.conversations.softDelete(await this.owned(uuid, user));
    return { success: true, data: true };
  }

  /** History: up to `pageSize` questions older than `maxMsgUuid`, newest first, each with its answers. */
  @Get(':uuid')
  async history(
    @User() user: CurrentUser,
    @ZodParam('uuid', conversationUuidParam) uuid: string,
    @ZodQuery(historyQuery) query: z.output<typeof historyQuery>,
  ) {
    const conversation = await this.owned(uuid, user);
    let beforeId: string | undefined;
    if (query.maxMsgUuid !== '') {
      const before = await this.messages.findReadable(query.maxMsgUuid, user);
      if (!before || before.conversationId !== conversation.id) throw new MessageNotFoundError();
      beforeId = before.id;
    }
    const page = await this.messages.historyPage(conversation.id, beforeId, query.pageSize);
    return {
      success: true,
      data: {
        minMsgUuid: page.at(-1)?.question.uuid ?? '',
        msgList: page.map(({ question, answers }) => toMessageDto(question, answers)),
      },
    };
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
