import type { StreamChoices } from './answer-question.js';
import type { AskRequest } from './ask.schemas.js';

/**
 * What a conversation's ask chose for its stream. Citation events are sent when the body or the header asks for
 * them, or when the deployment sends them always; the body's own `citationEvents` wins over both. The answer is
 * kept going after a disconnect only when the body says `resumable: true`.
 */
export function askChoices(request: AskRequest, citationHeader: string | undefined, byDefault: boolean): StreamChoices {
  return {
    citationEvents: wantsCitationEvents(request, citationHeader, byDefault),
    resumable: request.resumable === true,
  };
}

function wantsCitationEvents(request: AskRequest, header: string | undefined, byDefault: boolean): boolean {
  if (request.citationEvents === true) return true;
  if (request.citationEvents === false) return false;
  return byDefault || header?.trim().toLowerCase() === 'paragraph';
}
