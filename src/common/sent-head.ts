import type { OutgoingMessage } from 'node:http';

/**
 * Node keeps an outgoing message's head (`_header`) for as long as the message lives, as the string it built by
 * appending each header line: a chain of some sixty string pieces, about a kilobyte, for a head of 300 bytes.
 * A streamed answer keeps the request to the model open as long as it streams. Once the head has been sent,
 * Node only asks whether there is one (`headersSent`, and the checks that refuse to set a header late), so it
 * is swapped for a copy of the same text in one flat string.
 * Node lets only Latin-1 characters into a head, so the copy through Latin-1 is exact.
 */
export function compactSentHead(message: OutgoingMessage): void {
  const internals = message as unknown as { _header?: unknown; _headerSent?: unknown };
  if (internals._headerSent !== true || typeof internals._header !== 'string') return;
  internals._header = Buffer.from(internals._header, 'latin1').toString('latin1');
}
