import { AppError } from '../common/app-error.js';

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
