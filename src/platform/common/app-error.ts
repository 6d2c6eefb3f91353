import { isStorageUnavailable } from './storage-unavailable.js';

/**
 * Domain errors: plain classes with a stable `code` that clients and logs match on, and a message that says
 * what to do. One place maps them to the wire: the JSON envelope before a stream starts, `[ERROR]` after.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  /** HTTP status when the error is answered before any stream starts. */
  readonly httpStatus: number = 200;
  /** For a refusal that ends by itself: the seconds to wait, sent as `Retry-After` with the envelope. */
  readonly retryAfterSeconds?: number;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class RequestInvalidError extends AppError {
  readonly code = 'REQUEST_INVALID';
  override readonly httpStatus = 400;
}

/**
 * A parameter of a JSON call is missing or wrong. Answered as the legacy server does, with HTTP 200 and
 * `success:false`: the stock frontend shows `message` only for such replies, and just "status code 400" for a 400.
 */
export class InvalidParameterError extends AppError {
  readonly code = 'A0002';
  /** `{field: what it must be}`, as the legacy server's `data` for this code. */
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, fields?: Record<string, string>) {
    super(message);
    this.fields = fields;
  }
}

/** The database could not be reached: answered with HTTP 503 before a stream starts, never a bare 500. */
export class StorageUnavailableError extends AppError {
  readonly code = 'STORAGE_UNAVAILABLE';
  override readonly httpStatus = 503;
  constructor(cause: unknown) {
    super('The database is unavailable right now; nothing was changed. Try again in a moment.', { cause });
  }
}

/** The `[ERROR]` text for any failure: the code first, so that clients and logs can match on it. */
export function errorText(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.message}`;
  if (isStorageUnavailable(error)) return 'STORAGE_FAILED: The database became unavailable while answering; ask again.';
  return 'INTERNAL_ERROR: The server failed while answering; ask again.';
}

/** The JSON envelope of a failure answered before any stream starts. */
export function errorEnvelope(error: AppError): { success: false; code: string; message: string; data?: unknown } {
  const data = error instanceof InvalidParameterError ? error.fields : undefined;
  return { success: false, code: error.code, message: error.message, ...(data ? { data } : {}) };
}
