import { AppError } from '../platform/common/app-error.js';

export class MessageNotFoundError extends AppError {
  readonly code = 'A0017';
  constructor(uuid: string) {
    super(`Message ${uuid} does not exist, or is not yours.`);
  }
}
