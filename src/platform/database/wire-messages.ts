/** The first four bytes of a startup message after its length: protocol 3.0. */
const PROTOCOL_3 = 196_608;
const TERMINATE = 0x58; // 'X'

export interface SplitMessages {
  /** Whole messages, in order, without the Terminate message. */
  messages: Uint8Array[];
  /** Bytes of a message not yet whole. */
  rest: Buffer;
  /** The client said goodbye (Terminate): the session ends after `messages`. */
  terminated: boolean;
}

/**
 * Cuts a client's bytes into PostgreSQL wire-protocol messages, as PGlite takes one message at a time. Before
 * `started`, the first message is the startup message (a length, no type byte); after it every message is a
 * type byte and a length that counts itself but not the type.
 */
export function splitMessages(bytes: Buffer, started: boolean): SplitMessages {
  const messages: Uint8Array[] = [];
  let offset = 0;
  let terminated = false;
  if (!started && bytes.length >= 8 && bytes.readInt32BE(4) === PROTOCOL_3) {
    const length = bytes.readInt32BE(0);
    if (bytes.length < length) return { messages, rest: bytes, terminated };
    messages.push(bytes.subarray(0, length));
    offset = length;
  } else if (!started) {
    return { messages, rest: bytes, terminated };
  }
  while (bytes.length - offset >= 5) {
    const length = 1 + bytes.readInt32BE(offset + 1);
    if (bytes.length - offset < length) break;
    if (bytes[offset] === TERMINATE) {
      terminated = true;
      offset += length;
      break;
    }
    messages.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  return { messages, rest: Buffer.from(bytes.subarray(offset)), terminated };
}
