import type { ConversationEntity, KnowledgeBaseEntity, MessageEntity } from '../platform/database/entities/index.js';
import { toConvKnowledge } from '../knowledge/knowledge-dto.js';
import { legacyTime } from '../platform/common/legacy-time.js';
import { knowledgeBaseIdsOf } from './conversation.repository.js';

export { legacyTime };

/**
 * The legacy `ConvDto`: arrays always present, ids as strings. `bases` are the attached knowledge bases the user
 * may see (any others may be passed too; attached ones not passed are left out); `userUuid` tells which are the
 * caller's own.
 */
export function toConvDto(conversation: ConversationEntity, bases: readonly KnowledgeBaseEntity[], userUuid: string) {
  // Only bases that were passed in: a caller leaves out the ones the user may not see (someone's private one).
  const attached = knowledgeBaseIdsOf(conversation).flatMap((id) => bases.filter((base) => base.id === id));
  const kbIds = attached.map((base) => base.id);
  return {
    id: conversation.id,
    uuid: conversation.uuid,
    title: conversation.title,
    remark: conversation.remark,
    aiSystemMessage: conversation.aiSystemMessage,
    tokens: conversation.tokens,
    understandContextEnable: conversation.understandContextEnable,
    mcpIds: [] as string[],
    kbIds,
    convKnowledgeList: attached.map((base) => toConvKnowledge(base, userUuid)),
    answerContentType: conversation.answerContentType,
    isAutoplayAnswer: conversation.isAutoplayAnswer,
    isEnableThinking: conversation.isEnableThinking,
    isEnableWebSearch: conversation.isEnableWebSearch,
    audioConfig: { voice: { param_name: '', model: '', platform: '' } },
    createTime: legacyTime(conversation.createTime),
    updateTime: legacyTime(conversation.updateTime),
  };
}

export type MessageDto = Record<string, unknown>;

/** The legacy `ConvMsgDto` of a question or an answer. */
export function toMessageDto(message: MessageEntity, children?: MessageEntity[]): MessageDto {
  const isQuestion = children !== undefined;
  return {
    uuid: message.uuid,
    parentMessageId: message.parentMessageId,
    remark: message.remark,
    thinkingContent: message.thinkingContent,
    audioUuid: '',
    audioUrl: '',
    audioDuration: 0,
    messageRole: message.messageRole,
    tokens: message.tokens,
    createTime: legacyTime(message.createTime),
    aiModelId: '',
    contentType: 2,
    isRefEmbedding: message.isRefEmbedding,
    isRefGraph: message.isRefGraph,
    ...(isQuestion
      ? { attachmentUrls: [] as string[], children: children.map((child) => toMessageDto(child)) }
      : { aiModelPlatform: message.aiModelPlatform, answerStatus: message.answerStatus }),
  };
}
