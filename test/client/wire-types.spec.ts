import type * as Client from '../../packages/client/src/index.js';
import type { CitationParagraph, CitationRef } from '../../src/citation/citation-events.js';
import type { citationDonePayload } from '../../src/citation/citation-events.js';
import { EVENT as SERVER_EVENT } from '../../src/answer/answer-frames.js';
import { EVENT as CLIENT_EVENT, WRAP as CLIENT_WRAP } from '../../packages/client/src/index.js';
import { WRAP as SERVER_WRAP } from '../../src/platform/sse/sse-frames.js';

/**
 * The client library's wire types against the server's own: every event the server can send must be a value
 * of the client's type, and every field the client requires must be one the server sends. `npm run
 * typecheck` checks the assertions below; a drift on either side fails it.
 */
type Assignable<From, To> = [From] extends [To] ? true : false;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Covers<Server, ClientType> = Assignable<RequiredKeys<ClientType>, keyof Server>;

const checks: [
  // The client narrows `payload` by `type`; the server keeps the two apart. Field by field they agree.
  Assignable<Omit<CitationRef, 'type' | 'payload'>, Omit<Client.CitationRef, 'type' | 'payload'>>,
  Assignable<CitationRef['type'], Client.CitationRef['type']>,
  Assignable<CitationRef['payload'], Client.CitationRef['payload']>,
  Covers<CitationRef, Client.CitationRef>,
  Assignable<CitationParagraph, Client.CitationParagraph>,
  Assignable<ReturnType<typeof citationDonePayload>, Client.CitationDone>,
  Covers<CitationParagraph, Client.CitationParagraph>,
  Covers<ReturnType<typeof citationDonePayload>, Client.CitationDone>,
] = [true, true, true, true, true, true, true, true];

describe('the client library and the server agree on the wire', () => {
  it('types: checked by the compiler (the assertions above)', () => {
    expect(checks.every(Boolean)).toBe(true);
  });

  it('event names: every name the server writes is one the client knows', () => {
    const clientNames = new Set<string>(Object.values(CLIENT_EVENT));
    expect(Object.values(SERVER_EVENT).filter((name) => !clientNames.has(name))).toEqual([]);
    expect(CLIENT_WRAP).toBe(SERVER_WRAP);
  });
});
