import { legacyTime } from '../platform/common/legacy-time.js';
import type { KnowledgeBaseEntity, KnowledgeBaseItemEntity } from '../platform/database/entities/index.js';
import { sourceFileUrl } from './source-file-url.js';

/** The legacy `KbInfoResp`. */
export function toKnowledgeBaseDto(base: KnowledgeBaseEntity) {
  return {
    id: base.id,
    uuid: base.uuid,
    title: base.title,
    remark: base.remark,
    isPublic: base.isPublic,
    isStrict: base.isStrict,
    ownerId: base.ownerId,
    ownerUuid: base.ownerUuid,
    ownerName: base.ownerName,
    starCount: base.starCount,
    itemCount: base.itemCount,
    embeddingCount: base.embeddingCount,
    retrieveMaxResults: base.retrieveMaxResults,
    retrieveMinScore: base.retrieveMinScore,
    ingestMaxSegment: base.ingestMaxSegment,
    ingestMaxOverlap: base.ingestMaxOverlap,
    createTime: legacyTime(base.createTime),
    updateTime: legacyTime(base.updateTime),
  };
}

/** The legacy `KbItemDto`: `brief` always a string, statuses by name. */
export function toItemDto(item: KnowledgeBaseItemEntity) {
  return {
    id: item.id,
    uuid: item.uuid,
    kbId: item.kbId,
    kbUuid: item.kbUuid,
    sourceFileId: '0',
    title: item.title,
    brief: item.brief,
    remark: item.remark,
    embeddingStatus: item.embeddingStatus,
    embeddingStatusChangeTime: item.embeddingStatusChangeTime ? legacyTime(item.embeddingStatusChangeTime) : '',
    graphicalStatus: item.graphicalStatus,
    graphicalStatusChangeTime: '',
    /** Why indexing failed, when a status is `FAIL`. */
    indexingError: item.indexingError,
    sourceFileName: item.sourceFileName,
    sourceFileUuid: item.sourceFileUuid,
    sourceFileUrl: sourceFileUrl(item.sourceFileUuid, item.sourceFileName),
    createTime: legacyTime(item.createTime),
    updateTime: legacyTime(item.updateTime),
  };
}

/** The legacy `ConvKnowledge`: a knowledge base as a conversation shows it. */
export function toConvKnowledge(base: KnowledgeBaseEntity, userUuid: string) {
  const isMine = base.ownerUuid === userUuid;
  return {
    id: base.id,
    uuid: base.uuid,
    title: base.title,
    isMine,
    isPublic: base.isPublic,
    ...(isMine || base.isPublic ? { kbInfo: toKnowledgeBaseDto(base) } : {}),
    isEnable: true,
  };
}
