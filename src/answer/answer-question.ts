import type { CurrentUser } from '../accounts/current-user.js';
import type { ConversationEntity, KnowledgeBaseEntity } from '../platform/database/entities/index.js';

/** Where an answer is kept: an answer message of a conversation, or a knowledge-base Q&A record. */
export type AnswerOwner =
  | { kind: 'conversation'; conversation: ConversationEntity }
  | { kind: 'qa-record'; recordId: string; recordUuid: string; userId: string };

/** A question found and allowed by its route, ready for the engine. */
export interface AnswerQuestion {
  user: CurrentUser;
  /** The question as the model is asked it. */
  text: string;
  uuid: string;
  /** Set when an earlier question of the conversation is answered again. */
  existingId?: string;
  /** The model asked for; blank or missing: the default. */
  modelName?: string;
  /** The knowledge bases to search; each is checked again for the asker before it is searched. */
  bases: readonly KnowledgeBaseEntity[];
  owner: AnswerOwner;
}

/** What a client asked of the stream besides the question. */
export interface StreamChoices {
  citationEvents: boolean;
  resumable: boolean;
}
