import { legacyTime } from '../conversations/conversation-dto.js';
import type { KnowledgeQaEntity } from '../platform/database/entities/index.js';

/**
 * The legacy `KbQaDto` of a record, with `createTime` (the page shows it) added. `aiModelPlatform` names the
 * platform that answers; a record not answered yet names none.
 */
export function toKbQaDto(record: KnowledgeQaEntity, answeringPlatform: string) {
  const aiModelPlatform = record.answerStatus === '' ? '' : answeringPlatform;
  return {
    uuid: record.uuid,
    kbUuid: record.kbUuid,
    question: record.question,
    answer: record.answer,
    aiModelId: record.aiModelId,
    aiModelPlatform,
    prompt: record.prompt,
    sourceFileIds: record.sourceFileIds,
    promptTokens: record.promptTokens,
    answerTokens: record.answerTokens,
    createTime: legacyTime(record.createTime),
    updateTime: legacyTime(record.updateTime),
  };
}

/** What `add` answers: the record before it has an answer. */
export function toAddedDto(record: KnowledgeQaEntity) {
  return {
    uuid: record.uuid,
    kbUuid: record.kbUuid,
    question: record.question,
    aiModelId: record.aiModelId,
    createTime: legacyTime(record.createTime),
  };
}
