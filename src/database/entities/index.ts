import { AskLockEntity, AskRateEntity } from './ask-limits.entity.js';
import { CitationEntity, CitationParagraphEntity, CitationRefEntity } from './citation.entity.js';
import { ConversationEntity } from './conversation.entity.js';
import { IndexingJobEntity } from './indexing-job.entity.js';
import { RefEmbeddingEntity, RefGraphEntity } from './message-refs.entity.js';
import {
  GraphEdgeEntity,
  GraphVertexEntity,
  KnowledgeBaseEntity,
  KnowledgeBaseItemEntity,
  KnowledgeChunkEntity,
} from './knowledge.entity.js';
import { MessageEntity } from './message.entity.js';
import { UserTokenEntity } from './user-token.entity.js';
import { UserEntity } from './user.entity.js';

export {
  AskLockEntity,
  AskRateEntity,
  CitationEntity,
  CitationParagraphEntity,
  CitationRefEntity,
  ConversationEntity,
  IndexingJobEntity,
  GraphEdgeEntity,
  GraphVertexEntity,
  KnowledgeBaseEntity,
  KnowledgeBaseItemEntity,
  KnowledgeChunkEntity,
  MessageEntity,
  RefEmbeddingEntity,
  RefGraphEntity,
  UserEntity,
  UserTokenEntity,
};

export const ENTITIES = [
  UserEntity,
  UserTokenEntity,
  ConversationEntity,
  MessageEntity,
  RefEmbeddingEntity,
  RefGraphEntity,
  CitationParagraphEntity,
  CitationEntity,
  CitationRefEntity,
  AskLockEntity,
  AskRateEntity,
  KnowledgeBaseEntity,
  KnowledgeBaseItemEntity,
  KnowledgeChunkEntity,
  GraphVertexEntity,
  GraphEdgeEntity,
  IndexingJobEntity,
];
