import { Controller, Get } from '@nestjs/common';
import type { z } from 'zod';
import { User, type CurrentUser } from '../accounts/current-user.js';
import { ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import { citationsQuery, messageUuidParam } from '../conversations/conversation.schemas.js';
import { AnswerMessages } from './answer-messages.service.js';
import { AnswerReferences } from './answer-references.service.js';

/** The references of an answer, for its owner (and admins); anyone else's uuid reads as missing. */
@Controller('conversation/message')
export class RefsController {
  constructor(
    private readonly answers: AnswerMessages,
    private readonly references: AnswerReferences,
  ) {}

  @Get('embedding-ref/:uuid')
  async embeddingRefs(@User() user: CurrentUser, @ZodParam('uuid', messageUuidParam) uuid: string) {
    const answer = await this.answers.readable(uuid, user);
    return { success: true, data: await this.references.embeddingRefs({ messageId: answer.id }) };
  }

  @Get('graph-ref/:uuid')
  async graphRef(@User() user: CurrentUser, @ZodParam('uuid', messageUuidParam) uuid: string) {
    const answer = await this.answers.readable(uuid, user);
    return { success: true, data: await this.references.graphRef({ messageId: answer.id }) };
  }

  /** The paragraph view of an answer: exactly what its stream carried. */
  @Get('citation/:uuid')
  async citation(@User() user: CurrentUser, @ZodParam('uuid', messageUuidParam) uuid: string) {
    const answer = await this.answers.readable(uuid, user);
    const views = await this.references.messageCitationViews([answer]);
    return { success: true, data: views.get(answer.id)! };
  }

  /**
   * The paragraph views of several answers in one call (a page of a conversation's history), by answer uuid.
   * An answer that is not the caller's, deleted, or no answer at all is left out rather than failing the rest.
   */
  @Get('citations')
  async citations(@User() user: CurrentUser, @ZodQuery(citationsQuery) query: z.output<typeof citationsQuery>) {
    const answers = await this.answers.readableMany(query.answerUuids.split(','), user);
    const views = await this.references.messageCitationViews(answers);
    return { success: true, data: Object.fromEntries(answers.map((answer) => [answer.uuid, views.get(answer.id)!])) };
  }
}
