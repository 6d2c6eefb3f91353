import { Injectable } from '@nestjs/common';
import type { CurrentUser } from '../accounts/current-user.js';
import { AppError } from '../platform/common/app-error.js';
import { MessageRepository } from '../conversations/message.repository.js';
import type { MessageEntity } from '../platform/database/entities/index.js';

class AnswerNotFoundError extends AppError {
  readonly code = 'A0008';
  constructor(uuid: string) {
    super(`No answer ${uuid} of yours exists; use the answer uuid from [META].`);
  }
}

/** The answer messages a user may read the references of: their own (an admin: any), never a question. */
@Injectable()
export class AnswerMessages {
  constructor(private readonly messages: MessageRepository) {}

  async readable(uuid: string, user: CurrentUser): Promise<MessageEntity> {
    const message = await this.messages.findReadable(uuid, user);
    if (!message || message.parentMessageId === '0') throw new AnswerNotFoundError(uuid);
    return message;
  }

  /** The readable answers among `uuids` (each once); the others are left out rather than failing the rest. */
  readableMany(uuids: readonly string[], user: CurrentUser): Promise<MessageEntity[]> {
    return this.messages.findReadableAnswers([...new Set(uuids)], user);
  }
}
