import { AppError } from '../platform/common/app-error.js';

export class QaRecordNotFoundError extends AppError {
  readonly code = 'A0017';
  constructor(uuid: string) {
    super(
      `No question ${uuid} of yours exists on a knowledge base you can read; add one with POST /knowledge-base/qa/add/{kbUuid}.`,
    );
  }
}
