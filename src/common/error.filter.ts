import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, errorEnvelope } from './app-error.js';

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
    if (error instanceof AppError) {
      response.status(error.httpStatus).json(errorEnvelope(error));
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
    this.logger.error({ message: 'unhandled error', error: error instanceof Error ? error.stack : String(error) });
    response.status(500).json({ success: false, code: 'INTERNAL_ERROR', message: 'The server failed; try again.' });
  }
}
