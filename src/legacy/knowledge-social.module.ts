import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../accounts/auth.module.js';
import { ItemGraphRepository } from '../knowledge/item-graph.repository.js';
import { KnowledgeSocialController } from './knowledge-social.controller.js';
import { KnowledgeSocialService } from './knowledge-social.service.js';
import { KnowledgeStarRepository } from './knowledge-star.repository.js';
import { SourceFileController } from '../knowledge/source-file.controller.js';
import { SourceFileStore } from '../knowledge/source-file.store.js';
import { VectorRepository } from '../knowledge/vector.repository.js';

/**
 * Public and starred knowledge bases, item chunks, and uploaded files. Global, so that the upload handler can
 * keep the file it was sent.
 */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [KnowledgeSocialController, SourceFileController],
  providers: [KnowledgeStarRepository, ItemGraphRepository, KnowledgeSocialService, SourceFileStore, VectorRepository],
  exports: [SourceFileStore],
})
export class KnowledgeSocialModule {}
