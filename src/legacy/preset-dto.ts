import { legacyTime } from '../conversations/conversation-dto.js';
import type { ConversationPresetEntity, ConversationPresetRelEntity } from '../platform/database/entities/index.js';

/** The legacy `ConversationPreset` entity as it is sent, ids as strings. */
export function toPresetDto(preset: ConversationPresetEntity) {
  return {
    id: preset.id,
    uuid: preset.uuid,
    title: preset.title,
    remark: preset.remark,
    aiSystemMessage: preset.aiSystemMessage,
    createTime: legacyTime(preset.createTime),
    updateTime: legacyTime(preset.updateTime),
    isDeleted: preset.isDeleted,
  };
}

/** The legacy relation row: the frontend marks a preset 已使用 when `presetConvId` equals its `id` (both strings). */
export function toRelationDto(relation: ConversationPresetRelEntity) {
  return { id: relation.id, uuid: '', userConvId: relation.userConvId, presetConvId: relation.presetConvId };
}
