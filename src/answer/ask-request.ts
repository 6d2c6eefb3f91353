import type { AskRequest } from './ask.schemas.js';

/** Citation events are sent when the body or the header asks for them, or when the deployment sends them always. */
export function wantsCitationEvents(request: AskRequest, header: string | undefined, byDefault: boolean): boolean {
  if (request.citationEvents === true) return true;
  if (request.citationEvents === false) return false;
  return byDefault || header?.trim().toLowerCase() === 'paragraph';
}
