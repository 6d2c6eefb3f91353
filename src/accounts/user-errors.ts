import { AppError } from '../platform/common/app-error.js';

export class WrongOldPasswordError extends AppError {
  readonly code = 'A0032';
  constructor() {
    super('原密码不正确 The current password is wrong; type it again.');
  }
}

export class AvatarSizeError extends AppError {
  readonly code = 'B0003';
}

export class QuotaExceededError extends AppError {
  readonly code = 'QUOTA_EXCEEDED';
}
