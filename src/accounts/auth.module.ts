import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { DATA_SOURCE, REDIS } from '../platform/database/database.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { LoginThrottleMiddleware } from './login-throttle.middleware.js';
import { NewUserHooks } from './new-user-hooks.js';
import { PasswordHasher } from './password-hasher.js';
import { PgTokenStore, RedisTokenStore, TOKEN_STORE } from './token-store.js';
import { UserRepository } from './user.repository.js';

@Module({
  controllers: [AuthController],
  providers: [
    AuthService,
    LoginThrottleMiddleware,
    UserRepository,
    NewUserHooks,
    PasswordHasher,
    { provide: APP_GUARD, useClass: AuthGuard },
    {
      // Tokens live in Redis when REDIS_URL is set, so that every instance sees them; in PostgreSQL otherwise, where
      // a revocation reaches the other instances sharing the server by NOTIFY.
      provide: TOKEN_STORE,
      inject: [APP_CONFIG, DATA_SOURCE, REDIS, UserRepository],
      useFactory: (config: AppConfig, dataSource: DataSource, redis: Redis | undefined, users: UserRepository) =>
        redis
          ? new RedisTokenStore(redis, config.auth.tokenTtlMs, users)
          : new PgTokenStore(dataSource, config.auth.tokenTtlMs, config.database.url),
    },
  ],
  exports: [AuthService, UserRepository, NewUserHooks, PasswordHasher],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(LoginThrottleMiddleware).forRoutes({ path: 'auth/login', method: RequestMethod.POST });
  }
}
