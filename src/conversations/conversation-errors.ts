import { AppError } from '../platform/common/app-error.js';
import { MAX_CONVERSATIONS } from './conversation.repository.js';

export class TitleTakenError extends AppError {
  readonly code = 'A0028';
  constructor() {
    super('会话(角色)标题已存在 A conversation with this title exists already; choose another title.');
  }
}

export class TooManyConversationsError extends AppError {
  readonly code = 'A0030';
  constructor() {
    super(`You have ${MAX_CONVERSATIONS} conversations, the most allowed; delete one first.`);
  }
}

export class MessageNotFoundError extends AppError {
  readonly code = 'A0017';
  constructor() {
    super('maxMsgUuid names no message of this conversation; send it empty for the newest page.');
  }
}

/** The legacy server's answer for a conversation uuid that names none. */
export class ConversationUnknownError extends AppError {
  readonly code = 'A0008';
  constructor(uuid: string) {
    super(`Conversation ${uuid} does not exist; create one with POST /conversation/add.`);
  }
}

/** The legacy server's answer for someone else's conversation. */
export class ConversationNotYoursError extends AppError {
  readonly code = 'A0016';
  constructor(uuid: string) {
    super(`Conversation ${uuid} is someone else's; use one of yours from /conversation/list.`);
  }
}

export class KnowledgeBaseNotAllowedError extends AppError {
  readonly code = 'A0016';
  constructor(id: string) {
    super(`Knowledge base ${id} does not exist or is someone else's private one; attach your own or public ones only.`);
  }
}
