import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { User, type CurrentUser } from '../accounts/current-user.js';
import { ZodBody, ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import { toConvDto, toMessageDto } from './conversation-dto.js';
import type { ConversationFields } from './conversation.repository.js';
import { conversationBody, conversationUuidParam, historyQuery } from './conversation.schemas.js';
import { ConversationService } from './conversation.service.js';

function definedFields(fields: z.output<typeof conversationBody>): ConversationFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));
}

@Controller('conversation')
export class ConversationController {
  constructor(private readonly conversations: ConversationService) {}

  @Get('list')
  async list(@User() user: CurrentUser) {
    const { conversations, bases } = await this.conversations.list(user);
    return { success: true, data: conversations.map((conversation) => toConvDto(conversation, bases, user.uuid)) };
  }

  @Post('add')
  @HttpCode(200)
  async add(@User() user: CurrentUser, @ZodBody(conversationBody) body: z.output<typeof conversationBody>) {
    const { conversation, bases } = await this.conversations.create(user, definedFields(body));
    return { success: true, data: toConvDto(conversation, bases, user.uuid) };
  }

  @Post('edit/:uuid')
  @HttpCode(200)
  async edit(
    @User() user: CurrentUser,
    @ZodParam('uuid', conversationUuidParam) uuid: string,
    @ZodBody(conversationBody) body: z.output<typeof conversationBody>,
  ) {
    await this.conversations.edit(user, uuid, definedFields(body));
    return { success: true, data: true };
  }

  @Post('del/:uuid')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @ZodParam('uuid', conversationUuidParam) uuid: string) {
    await this.conversations.remove(user, uuid);
    return { success: true, data: true };
  }

  /** History: up to `pageSize` questions older than `maxMsgUuid`, newest first, each with its answers. */
  @Get(':uuid')
  async history(
    @User() user: CurrentUser,
    @ZodParam('uuid', conversationUuidParam) uuid: string,
    @ZodQuery(historyQuery) query: z.output<typeof historyQuery>,
  ) {
    const page = await this.conversations.history(user, uuid, query.maxMsgUuid, query.pageSize);
    return {
      success: true,
      data: {
        minMsgUuid: page.at(-1)?.question.uuid ?? '',
        msgList: page.map(({ question, answers }) => toMessageDto(question, answers)),
      },
    };
  }
}
