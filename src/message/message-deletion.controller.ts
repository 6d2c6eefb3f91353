import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { User, type CurrentUser } from '../auth/current-user.js';
import { AppError } from '../common/app-error.js';
import { MessageDeletionRepository } from './message-deletion.repository.js';

class MessageNotFoundError extends AppError {
  readonly code = 'A0017';
  constructor(uuid: string) {
    super(`Message ${uuid} does not exist, or is not yours.`);
  }
}

/** The delete menu on a question or an answer in the chat. */
@Controller('conversation/message')
export class MessageDeletionController {
  constructor(private readonly messages: MessageDeletionRepository) {}

  @Post('del/:uuid')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @Param('uuid') uuid: string) {
    if (!(await this.messages.softDelete(uuid, user))) throw new MessageNotFoundError(uuid);
    return { success: true, data: true };
  }
}
