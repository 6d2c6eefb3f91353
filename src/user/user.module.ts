import { Module } from '@nestjs/common';
import { TokenRevoker } from './token-revoker.js';
import { UsageRepository } from './usage.repository.js';
import { UserController } from './user.controller.js';
import { UserService } from './user.service.js';

@Module({
  controllers: [UserController],
  providers: [UserService, UsageRepository, TokenRevoker],
})
export class UserModule {}
