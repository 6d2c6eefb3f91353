import { lastEventId } from './ask.schemas.js';

/**
 * The id of the last event a resuming reader has, so that its stream goes on from the one after.
 *
 * The `Last-Event-ID` header wins: the browser's EventSource sends it by itself after a drop, so a value that is
 * not one of our event ids counts as none rather than failing the reconnect. Without a usable header, the
 * `lastEventId` query (already checked by `resumeQuery`); without either, 0: the stream from the start.
 */
export function resumePosition(header: string | undefined, query: string | undefined): number {
  const fromHeader = header === undefined ? undefined : lastEventId.safeParse(header).data;
  return Number(fromHeader ?? query ?? 0);
}
