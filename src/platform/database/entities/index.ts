import { AnswerEventEntity, AnswerStreamEntity } from './answer-journal.entity.js';
import { AskLockEntity } from './ask-limits.entity.js';
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
  KnowledgeTermEntity,
} from './knowledge.entity.js';
import {
  ConversationPresetEntity,
  ConversationPresetRelEntity,
  KnowledgeBaseStarEntity,
  PromptEntity,
  StoredFileEntity,
} from './legacy-screens.entity.js';
import { MessageEntity } from './message.entity.js';
import { KnowledgeQaEntity, KnowledgeQaRefEmbeddingEntity, KnowledgeQaRefGraphEntity } from './knowledge-qa.entity.js';
import { UserTokenEntity } from './user-token.entity.js';
import { UserEntity } from './user.entity.js';

export {
  AnswerEventEntity,
  AnswerStreamEntity,
  AskLockEntity,
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
  KnowledgeTermEntity,
  MessageEntity,
  RefEmbeddingEntity,
  RefGraphEntity,
  UserEntity,
  UserTokenEntity,
  ConversationPresetEntity,
  ConversationPresetRelEntity,
  KnowledgeBaseStarEntity,
  PromptEntity,
  StoredFileEntity,
};
export { KnowledgeQaEntity, KnowledgeQaRefEmbeddingEntity, KnowledgeQaRefGraphEntity };

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
  KnowledgeBaseEntity,
  KnowledgeBaseItemEntity,
  KnowledgeChunkEntity,
  KnowledgeTermEntity,
  GraphVertexEntity,
  GraphEdgeEntity,
  KnowledgeQaEntity,
  KnowledgeQaRefEmbeddingEntity,
  KnowledgeQaRefGraphEntity,
  ConversationPresetEntity,
  ConversationPresetRelEntity,
  PromptEntity,
  KnowledgeBaseStarEntity,
  StoredFileEntity,
  AnswerStreamEntity,
  AnswerEventEntity,
  IndexingJobEntity,
];
