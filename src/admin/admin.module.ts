import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller.js';
import { AdminRepository } from './admin.repository.js';

@Module({ controllers: [AdminController], providers: [AdminRepository] })
export class AdminModule {}
