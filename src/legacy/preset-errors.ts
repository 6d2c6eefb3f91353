import { AppError } from '../platform/common/app-error.js';

export class PresetNotFoundError extends AppError {
  readonly code = 'A0027';
  constructor(uuid: string) {
    super(`Preset ${uuid} does not exist; pick one from /conversation-preset/search.`);
  }
}

export class PresetTitleTakenError extends AppError {
  readonly code = 'A0028';
  constructor(title: string) {
    super(`会话(角色)标题已存在 You already have a conversation titled "${title}"; rename or delete it first.`);
  }
}
