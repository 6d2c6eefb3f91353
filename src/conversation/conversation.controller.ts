import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { User, type CurrentUser } from '../auth/current-user.js';
import { AppError, ConversationNotFoundError, InvalidParameterError } from '../common/app-error.js';
import type { ConversationEntity, KnowledgeBaseEntity } from '../database/entities/index.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import { describeIssues } from './ask-request.js';
import { toConvDto, toMessageDto } from './conversation-dto.js';
import {
  ConversationRepository,
  knowledgeBaseIdsOf,
  MAX_CONVERSATIONS,
  type ConversationFields,
} from './conversation.repository.js';
import { MessageRepository } from './message.repository.js';

class TitleTakenError extends AppError {
  readonly code = 'A0028';
  constructor() {
    super('会话(角色)标题已存在 A conversation with this title exists already; choose another title.');
  }
}

class TooManyConversationsError extends AppError {
  readonly code = 'A0030';
  constructor() {
    super(`You have ${MAX_CONVERSATIONS} conversations, the most allowed; delete one first.`);
  }
}

class MessageNotFoundError extends AppError {
  readonly code = 'A0017';
  constructor() {
    super('maxMsgUuid names no message of this conversation; send it empty for the newest page.');
  }
}

/** Fields the frontend may send; everything else it sends (client-only state) is ignored. */
const fieldsSchema = z.object({
  title: z.string().trim().min(1, 'title must not be blank').max(45, 'title is at most 45 characters').optional(),
  remark: z.string().nullish(),
  aiSystemMessage: z.string().nullish(),
  kbIds: z.array(z.union([z.string(), z.number()]).transform(String)).nullish(),
  understandContextEnable: z.boolean().nullish(),
  answerContentType: z.number().int().min(1).max(3).nullish(),
  isAutoplayAnswer: z.boolean().nullish(),
  isEnableThinking: z.boolean().nullish(),
  isEnableWebSearch: z.boolean().nullish(),
});

function parseFields(body: unknown): ConversationFields {
  const parsed = fieldsSchema.safeParse(body ?? {});
  if (!parsed.success) throw new InvalidParameterError(describeIssues(parsed.error));
  return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== null && value !== undefined));
}

const historyQuerySchema = z.object({
  maxMsgUuid: z.string().default(''),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'pageSize must be 1 to 100')
    .max(100, 'pageSize must be 1 to 100')
    .default(20),
});

class KnowledgeBaseNotAllowedError extends AppError {
  readonly code = 'A0016';
  constructor(id: string) {
    super(`Knowledge base ${id} does not exist or is someone else's private one; attach your own or public ones only.`);
  }
}

@Controller('conversation')
export class ConversationController {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly knowledge: KnowledgeRepository,
  ) {}

  @Get('list')
  async list(@User() user: CurrentUser) {
    const conversations = await this.conversations.listByUser(user.id);
    const bases = await this.knowledge.findBasesByIds([...new Set(conversations.flatMap(knowledgeBaseIdsOf))]);
    return { success: true, data: conversations.map((conversation) => toConvDto(conversation, bases, user.uuid)) };
  }

  @Post('add')
  @HttpCode(200)
  async add(@User() user: CurrentUser, @Body() body: unknown) {
    const fields = parseFields(body);
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
  async edit(@User() user: CurrentUser, @Param('uuid') uuid: string, @Body() body: unknown) {
    const conversation = await this.owned(uuid, user);
    const fields = parseFields(body);
    if (fields.kbIds) await this.attachable(fields.kbIds, user);
    await this.conversations.update(conversation, fields);
    return { success: true, data: true };
  }

  @Post('del/:uuid')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @Param('uuid') uuid: string) {
    await this.conversations.softDelete(await this.owned(uuid, user));
    return { success: true, data: true };
  }

  /** History: up to `pageSize` questions older than `maxMsgUuid`, newest first, each with its answers. */
  @Get(':uuid')
  async history(@User() user: CurrentUser, @Param('uuid') uuid: string, @Query() query: unknown) {
    const parsed = historyQuerySchema.safeParse(query);
    if (!parsed.success) throw new InvalidParameterError(describeIssues(parsed.error));
    const conversation = await this.owned(uuid, user);
    let beforeId: string | undefined;
    if (parsed.data.maxMsgUuid !== '') {
      const before = await this.messages.findReadable(parsed.data.maxMsgUuid, user);
      if (!before || before.conversationId !== conversation.id) throw new MessageNotFoundError();
      beforeId = before.id;
    }
    const page = await this.messages.historyPage(conversation.id, beforeId, parsed.data.pageSize);
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
    if (!conversation || (conversation.userId !== user.id && !user.isAdmin)) throw new ConversationNotFoundError(uuid);
    return conversation;
  }
}
