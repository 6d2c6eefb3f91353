import type { ConversationEntity, MessageEntity } from '../database/entities/index.js';
import { SAMPLE_KNOWLEDGE_BASE_UUID } from '../knowledge/sample-corpus.js';
import { knowledgeBaseIdsOf } from './conversation.repository.js';

/** `yyyy-MM-dd HH:mm:ss`, as the legacy server writes times. */
export function legacyTime(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 19);
}

/** A knowledge base attached to a conversation, in the legacy `ConvKnowledge` shape. */
function convKnowledge(kbId: string) {
  const sample = kbId === SAMPLE_KNOWLEDGE_BASE_UUID;
  return {
    id: kbId,
    uuid: kbId,
    title: sample ? 'Sample knowledge base' : kbId,
    isMine: false,
    isPublic: true,
    isEnable: true,
  };
}

/** The legacy `ConvDto`: arrays always present, ids as strings. */
export function toConvDto(conversation: ConversationEntity) {
  const kbIds = knowledgeBaseIdsOf(conversation);
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
    convKnowledgeList: kbIds.map(convKnowledge),
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
