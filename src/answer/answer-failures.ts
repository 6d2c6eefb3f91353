import type { Logger } from '@nestjs/common';
import { AppError } from '../platform/common/app-error.js';
import type { SseConnection } from '../platform/sse/sse-connection.js';
import { sseEvent } from '../platform/sse/sse-frames.js';
import { storageReason } from './answer-errors.js';
import { EVENT } from './answer-frames.js';
import type { AnswerProfile } from './answer-profile.js';

/** A question turned away before `[START]`: one `[ERROR]` frame, and the stream ends. */
export function refuse(logger: Logger, profile: AnswerProfile, connection: SseConnection, error: AppError): void {
  logger.warn({ message: 'question refused before start', profile: profile.name, code: error.code });
  connection.write(sseEvent(EVENT.error, `${error.code}: ${error.message}`));
  connection.end();
}

/** An answer that failed: ours (an `AppError`) as a warning with its code, anything else as an error with its stack. */
export function logFailure(logger: Logger, profile: AnswerProfile, error: unknown): void {
  if (error instanceof AppError) {
    logger.warn({
      message: 'answer failed',
      profile: profile.name,
      code: error.code,
      detail: error.message,
      ...(error.cause ? { reason: storageReason(error.cause) } : {}),
    });
  } else {
    logger.error({
      message: 'answer failed',
      profile: profile.name,
      error: error instanceof Error ? error.stack : String(error),
    });
  }
}
