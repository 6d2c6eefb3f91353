import { randomUUID } from 'node:crypto';

/** A new id in the legacy form: a UUID without dashes, 32 lowercase hex characters. */
export function newUuid(): string {
  return randomUUID().replaceAll('-', '');
}
