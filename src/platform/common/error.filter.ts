import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { AppError, errorEnvelope, InvalidParameterError, StorageUnavailableError } from './app-error.js';
import { isStorageUnavailable } from './storage-unavailable.js';

/** Routes that answer with an event stream: a refusal there is an `[ERROR]` event, as the protocol says. */
const STREAM_ROUTES = /^\/(conversation\/message\/(process|stream\/)|knowledge-base\/qa\/process\/)/;
const STREAM_STORAGE_DOWN = 'The database is unavailable, so nothing began; try again in a moment.';

/** An error the body parser raises (it carries the raw body and a `type`). */
interface BodyParserError {
  type: string;
  status: number;
  body?: unknown;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string';
}

/**
 * What a client can do about a body the JSON parser refused. The status and `HTTP_` code stay the parser's;
 * the message says what the body must be instead of quoting the parser.
 */
function bodyParserProblem(error: BodyParserError): { status: number; code: string; message: string } | undefined {
  switch (error.type) {
    case 'entity.parse.failed': {
      const raw = typeof error.body === 'string' ? error.body.trim() : '';
      const message =
        ['null', 'true', 'false', '""'].includes(raw) || /^-?\d/.test(raw)
          ? `body: must be a JSON object, not ${raw}`
          : 'body: is not valid JSON; send a JSON object with Content-Type: application/json';
      return { status: 400, code: 'HTTP_400', message };
    }
    case 'entity.too.large':
      return { status: 413, code: 'HTTP_413', message: 'body: is larger than 100 KB; send less.' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, code: 'HTTP_415', message: 'body: must be UTF-8 encoded JSON.' };
    default:
      return undefined;
  }
}

/**
 * PostgreSQL's data exceptions (class 22: a value too long, out of range, not a date …) come from input that
 * validation should have caught; answered as a bad parameter rather than a server failure.
 */
function isDataException(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * Every error answered before a stream starts gets the JSON envelope `{success:false, code, message}`. Domain
 * errors keep their code; Nest's HTTP errors (unknown route, unparsable JSON) keep their status. A response
 * whose headers are already out is left alone: a second response cannot be written.
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger(ErrorEnvelopeFilter.name);

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    // Checked first: a domain error that wraps an outage (a failed store) is an outage too.
    if (isStorageUnavailable(error)) {
      this.logger.warn({ message: 'database unavailable', reason: (error as Error).message });
      const path = host.switchToHttp().getRequest<Request>().path;
      if (STREAM_ROUTES.test(path)) {
        // A stream's client reads events, not envelopes: the refusal is its only event, before `[START]`.
        response.status(200).setHeader('Content-Type', 'text/event-stream');
        response.end(`event:[ERROR]\ndata:STORAGE_FAILED: ${STREAM_STORAGE_DOWN}\n\n`);
        return;
      }
      const unavailable = new StorageUnavailableError(error);
      response.status(unavailable.httpStatus).json(errorEnvelope(unavailable));
      return;
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(error.retryAfterSeconds));
      response.status(error.httpStatus).json(errorEnvelope(error));
      return;
    }
    // The HTTP adapter wraps the body parser's errors in an HttpException; the original says what went wrong.
    const cause = error instanceof HttpException ? error.cause : error;
    const parserProblem = isBodyParserError(cause) ? bodyParserProblem(cause) : undefined;
    if (parserProblem) {
      const { status, ...envelope } = parserProblem;
      response.status(status).json({ success: false, ...envelope });
      return;
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      // Legacy clients expect a bare 401: no body at all.
      if (status === 401) {
        response.status(401).end();
        return;
      }
      response.status(status).json({ success: false, code: `HTTP_${status}`, message: error.message });
      return;
    }
    if (isDataException(error)) {
      this.logger.warn({ message: 'input reached the database unvalidated', error: (error as Error).message });
      const invalid = new InvalidParameterError(`A value is too long or out of range: ${(error as Error).message}`);
      response.status(invalid.httpStatus).json(errorEnvelope(invalid));
      return;
    }
    this.logger.error({ message: 'unhandled error', error: error instanceof Error ? error.stack : String(error) });
    response.status(500).json({ success: false, code: 'INTERNAL_ERROR', message: 'The server failed; try again.' });
  }
}
