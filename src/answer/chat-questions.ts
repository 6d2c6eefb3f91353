import { Injectable } from '@nestjs/common';
import type { CurrentUser } from '../accounts/current-user.js';
import { AppError, RequestInvalidError } from '../platform/common/app-error.js';
import { newUuid } from '../platform/common/ids.js';
import { ConversationNotFoundError } from './answer-errors.js';
import { ConversationRepository } from '../conversations/conversation.repository.js';
import { MessageRepository } from '../conversations/message.repository.js';
import { safeText } from '../text/safe-text.js';
import type { AnswerQuestion } from './answer-question.js';
import type { AskRequest } from './ask.schemas.js';

/**
 * The question of a conversation's ask: the conversation, when the user may ask in it, with its knowledge bases
 * (read in one statement), and the question, new or an earlier one of the user's answered again.
 */
@Injectable()
export class ChatQuestions {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
  ) {}

  async find(request: AskRequest, user: CurrentUser): Promise<AnswerQuestion | AppError> {
    const found = await this.conversations.findWithBases(request.conversationUuid);
    if (!found || (found.conversation.userId !== user.id && !user.isAdmin)) {
      return new ConversationNotFoundError(request.conversationUuid);
    }
    const modelName = request.modelName?.trim();
    const common = {
      user,
      bases: found.bases,
      owner: { kind: 'conversation' as const, conversation: found.conversation },
      ...(modelName ? { modelName } : {}),
    };
    const regenerate = (request.regenerateQuestionUuid ?? '').trim();
    if (regenerate === '') return { ...common, text: safeText((request.prompt ?? '').trim()), uuid: newUuid() };
    const earlier = await this.messages.findReadable(regenerate, user);
    if (!earlier || earlier.parentMessageId !== '0') {
      return new RequestInvalidError('regenerateQuestionUuid names no question of yours; send prompt.');
    }
    return { ...common, text: earlier.remark, existingId: earlier.id, uuid: earlier.uuid };
  }
}
