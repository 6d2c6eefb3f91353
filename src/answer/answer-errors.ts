import { AppError } from '../platform/common/app-error.js';

/*
 * The errors the answer engine raises: its refusals before `[START]` and its failures to store an answer, with
 * what they tell the engine about a failed statement.
 */

export class AnswerInProgressError extends AppError {
  readonly code = 'ANSWER_IN_PROGRESS';
  constructor() {
    super('正在回复中... An answer is already being written in this conversation; wait for it to finish.');
  }
}

export class RateLimitedError extends AppError {
  readonly code = 'ASK_RATE_LIMITED';
  constructor(perMinute: number) {
    super(`Too many questions: at most ${perMinute} a minute. Wait a moment and ask again.`);
  }
}

/** The conversation an ask names does not exist, or is not the asker's to ask in. */
export class ConversationNotFoundError extends AppError {
  readonly code = 'CONVERSATION_NOT_FOUND';
  constructor(uuid: string) {
    super(`Conversation ${uuid} does not exist; create one with POST /conversation/add.`);
  }
}

export class StorageFailedError extends AppError {
  readonly code = 'STORAGE_FAILED';
  constructor(cause: unknown, message = 'The answer could not be saved, so it was not kept; ask again.') {
    super(message, { cause });
  }
}

/** The database's own reason for a failed statement, for logs: its message and SQLSTATE code when it has one. */
export function storageReason(error: unknown): string {
  const cause = error instanceof StorageFailedError ? error.cause : error;
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' ? `${cause.message} [${code}]` : cause.message;
}

/** The SQLSTATE code of a failed statement, when the database gave one. */
function sqlState(error: unknown): string | undefined {
  const cause = error instanceof StorageFailedError ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The database refused the data (SQLSTATE class 22 or 23), not the connection or the server: retrying all of it together cannot help. */
export function isRowError(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23'));
}

/** A statement that many records share failed for one of them: refused data, or a deadlock on one's rows. */
export function isOneRecordsError(error: unknown): boolean {
  return isRowError(error) || sqlState(error) === '40P01';
}
