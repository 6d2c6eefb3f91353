import type { Request, Response } from 'express';
import type { AppConfig } from '../platform/config/app-config.js';
import { SseConnection } from '../platform/sse/sse-connection.js';

/** The event stream of one answer's request, with the deployment's heartbeat, buffer and stall settings. */
export function answerConnection(config: AppConfig, request: Request, response: Response): SseConnection {
  const { stream, ask } = config;
  return new SseConnection(request, response, {
    heartbeatMs: ask.heartbeatMs,
    maxUnsentBytes: stream.maxUnsentBytes,
    stallTimeoutMs: stream.stallTimeoutMs,
  });
}
