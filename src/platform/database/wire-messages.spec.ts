import { splitMessages } from './wire-messages.js';

/** A startup message (protocol 3.0, user postgres) and typed messages, as `pg` writes them. */
function startup(): Buffer {
  const body = Buffer.from('user\0postgres\0\0');
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196_608, 4);
  return Buffer.concat([head, body]);
}

function typed(type: string, payload: string): Buffer {
  const body = Buffer.from(payload);
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

/** Feeds `bytes` cut at `cuts`, as a session does, and returns every message and whether the client left. */
function feed(bytes: Buffer, cuts: number[]): { messages: string[]; terminated: boolean } {
  const messages: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  let terminated = false;
  const bounds = [0, ...cuts, bytes.length];
  for (let i = 1; i < bounds.length; i++) {
    const piece = bytes.subarray(bounds[i - 1], bounds[i]);
    const split = splitMessages(Buffer.concat([pending, piece]), started);
    messages.push(...split.messages.map((message) => Buffer.from(message).toString('latin1')));
    started ||= split.messages.length > 0;
    pending = split.rest;
    terminated ||= split.terminated;
  }
  return { messages, terminated };
}

describe('splitMessages', () => {
  const stream = Buffer.concat([startup(), typed('Q', 'SELECT 1\0'), typed('P', '\0SELECT $1\0\0\0'), typed('S', '')]);
  const whole = [startup(), typed('Q', 'SELECT 1\0'), typed('P', '\0SELECT $1\0\0\0'), typed('S', '')].map((b) =>
    b.toString('latin1'),
  );

  it('gives the startup message and each typed message whole, however the bytes are cut', () => {
    expect(feed(stream, [])).toEqual({ messages: whole, terminated: false });
    for (let cut = 1; cut < stream.length; cut++) expect(feed(stream, [cut]).messages).toEqual(whole);
    const everyByte = Array.from({ length: stream.length - 1 }, (_, i) => i + 1);
    expect(feed(stream, everyByte).messages).toEqual(whole);
  });

  it('ends the session at Terminate and does not hand it to the database', () => {
    expect(feed(Buffer.concat([stream, typed('X', '')]), [])).toEqual({ messages: whole, terminated: true });
  });
});
