import { AppError } from '../platform/common/app-error.js';

export class FileNotFoundError extends AppError {
  readonly code = 'A0011';
  override readonly httpStatus = 404;
  constructor(name: string) {
    super(`File ${name} does not exist, or is in a knowledge base you cannot read.`);
  }
}

export class UnsupportedFileError extends AppError {
  readonly code = 'A0018';
}

export class ItemNotFoundError extends AppError {
  readonly code = 'A0019';
  constructor(uuid: string) {
    super(`Knowledge-base item ${uuid} does not exist, or is in someone else's private knowledge base.`);
  }
}

export class KnowledgeBaseNotFoundError extends AppError {
  readonly code = 'A0017';
  constructor(uuid: string) {
    super(`Knowledge base ${uuid} does not exist, or is someone else's private one.`);
  }
}

export class KnowledgeBaseForbiddenError extends AppError {
  readonly code = 'A0016';
  constructor(title: string) {
    super(`"${title}" belongs to someone else; only its owner or an admin can change it.`);
  }
}

export class KnowledgeItemNotFoundError extends AppError {
  readonly code = 'A0019';
  constructor(uuid: string) {
    super(`Knowledge-base item ${uuid} does not exist, or is in someone else's private knowledge base.`);
  }
}
