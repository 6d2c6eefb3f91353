import { AppError } from '../platform/common/app-error.js';

export class PromptNotFoundError extends AppError {
  readonly code = 'A0017';
  constructor(id: string) {
    super(`Prompt ${id} does not exist in your prompt library.`);
  }
}
