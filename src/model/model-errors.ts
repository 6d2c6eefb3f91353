import { AppError } from '../platform/common/app-error.js';

export class ModelUpstreamError extends AppError {
  readonly code = 'MODEL_UPSTREAM_ERROR';
}

export class ModelRateLimitedError extends AppError {
  readonly code = 'MODEL_RATE_LIMITED';
}

export class ModelTimeoutError extends AppError {
  readonly code = 'MODEL_UPSTREAM_TIMEOUT';
  constructor(timeoutMs: number) {
    super(`The answer did not finish within ${Math.round(timeoutMs / 1000)} s; ask again, or raise ASK_TIMEOUT_MS.`);
  }
}

export class ModelStreamCutError extends AppError {
  readonly code = 'MODEL_STREAM_CUT';
}

/** Same code as the deadline: for the reader, either way the model took too long; the message tells them apart. */
export class ModelIdleTimeoutError extends AppError {
  readonly code = 'MODEL_UPSTREAM_TIMEOUT';
  constructor(idleMs: number) {
    super(
      `The model sent nothing for ${Math.round(idleMs / 1000)} s and was given up; ask again, or raise MODEL_IDLE_TIMEOUT_MS.`,
    );
  }
}
