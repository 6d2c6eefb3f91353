import type { CurrentUser } from '../accounts/current-user.js';
import type { KnowledgeBaseEntity } from '../platform/database/entities/index.js';

/** Anyone may read and attach a public knowledge base; a private one is its owner's (and the admins'). */
export function canRead(base: KnowledgeBaseEntity, user: CurrentUser): boolean {
  return base.isPublic || canWrite(base, user);
}

export function canWrite(base: KnowledgeBaseEntity, user: CurrentUser): boolean {
  return base.ownerId === user.id || user.isAdmin;
}
