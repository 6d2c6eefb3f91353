import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module.js';
import { AppLogger } from './platform/common/app-logger.js';
import type { AppConfig } from './platform/config/app-config.js';

const LEVELS = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const;

export function createLogger(config: AppConfig): AppLogger {
  const upTo = LEVELS.indexOf(config.log.level);
  return new AppLogger({ json: config.log.format === 'json', logLevels: [...LEVELS.slice(0, upTo + 1)] });
}

/** Builds the application without listening, so that tests can start it on a port of their own. */
export async function createApp(config: AppConfig): Promise<INestApplication> {
  // abortOnError off: a failed start (a locked DATA_DIR …) reaches the caller, which explains it and exits.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: createLogger(config),
    abortOnError: false,
  });
  // Behind a reverse proxy, the client's address (login throttles) is in X-Forwarded-For; only trusted hops count.
  app.set('trust proxy', config.http.trustProxy);
  // Every answer, JSON included, is read as the type it names: a browser must not guess HTML or script from a
  // JSON body that echoes user text. Registered before the body parsers and routes, so their errors carry it too.
  app.use((_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.enableShutdownHooks();
  return app;
}
