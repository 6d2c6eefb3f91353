import type { CurrentUser } from '../auth/current-user.js';
import { AppError } from '../common/app-error.js';
import type { KnowledgeBaseEntity } from '../database/entities/index.js';

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

/** Anyone may read and attach a public knowledge base; a private one is its owner's (and the admins'). */
export function canRead(base: KnowledgeBaseEntity, user: CurrentUser): boolean {
  return base.isPublic || canWrite(base, user);
}

export function canWrite(base: KnowledgeBaseEntity, user: CurrentUser): boolean {
  return base.ownerId === user.id || user.isAdmin;
}
