import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { AuthModule } from './auth.module.js';
import { AskQuotaMiddleware } from './ask-quota.middleware.js';
import { UsageRepository } from './usage.repository.js';
import { UserController } from './user.controller.js';
import { UserService } from './user.service.js';

/** The user's settings, usage and quotas, password, logout and avatar. */
@Module({
  imports: [AuthModule],
  controllers: [UserController],
  providers: [UserService, UsageRepository, AskQuotaMiddleware],
})
export class UserModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(AskQuotaMiddleware).forRoutes({ path: 'conversation/message/process', method: RequestMethod.POST });
  }
}
