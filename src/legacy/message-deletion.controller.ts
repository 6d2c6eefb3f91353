import { Controller, HttpCode, Post } from '@nestjs/common';
import { User, type CurrentUser } from '../accounts/current-user.js';
import { ZodParam } from '../platform/common/zod-pipe.js';
import { MessageNotFoundError } from './message-errors.js';
import { MessageDeletionRepository } from './message-deletion.repository.js';
import { messageUuidParam } from './message.schemas.js';

/** The delete menu on a question or an answer in the chat. */
@Controller('conversation/message')
export class MessageDeletionController {
  constructor(private readonly messages: MessageDeletionRepository) {}

  @Post('del/:uuid')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @ZodParam('uuid', messageUuidParam) uuid: string) {
    if (!(await this.messages.softDelete(uuid, user))) throw new MessageNotFoundError(uuid);
    return { success: true, data: true };
  }
}
