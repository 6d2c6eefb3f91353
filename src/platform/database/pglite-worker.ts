/**
 * The embedded database's own thread: it owns the PGlite instance and serves it over the PostgreSQL wire
 * protocol, one session per MessagePort, so that a long statement runs here and never on the thread that
 * answers HTTP. Started by `pglite-thread.ts`; see there for why a message port rather than a socket.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { splitMessages } from './wire-messages.js';
import type { ThreadReply, ThreadRequest, PgliteThreadSettings } from './pglite-thread-protocol.js';

const settings = workerData as PgliteThreadSettings;
const control = parentPort!;
const send = (reply: ThreadReply) => control.postMessage(reply);

/** Every statement of every session runs in this order: PGlite is one backend. */
let queue: Promise<void> = Promise.resolve();
const sessions = new Set<MessagePort>();
/** The session whose statement ran last: an open transaction is its. */
let lastSession: MessagePort | undefined;

function serve(pglite: PGlite, port: MessagePort): void {
  sessions.add(port);
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    sessions.delete(port);
    // A session that leaves mid-transaction must not leave its locks and writes to the next one. (Sessions
    // that end as the database closes find it closed: closing rolled back already.)
    queue = queue
      .then(async () => {
        if (!pglite.closed && lastSession === port && pglite.isInTransaction()) await pglite.exec('ROLLBACK');
      })
      .catch((error: unknown) => send({ type: 'error', message: `rolling back a session failed: ${String(error)}` }));
    port.close();
  };
  port.on('message', (data: Uint8Array | 'end') => {
    if (data === 'end') return end();
    pending = Buffer.concat([pending, data]);
    const { messages, rest, terminated } = splitMessages(pending, started);
    pending = rest;
    started ||= messages.length > 0;
    for (const message of messages) {
      queue = queue.then(() => {
        lastSession = port;
        return pglite
          .runExclusive(() =>
            pglite.execProtocolRawStream(message, {
              // The chunk is a view of the database's memory: copy it before handing it over.
              onRawData: (chunk) => {
                const copy = chunk.slice();
                if (!ended) port.postMessage(copy, [copy.buffer]);
              },
            }),
          )
          .catch((error: unknown) => {
            send({ type: 'error', message: `a statement failed in the database thread: ${String(error)}` });
            end();
          });
      });
    }
    if (terminated) end();
  });
  port.on('close', end);
}

async function open(): Promise<PGlite> {
  const pglite = new PGlite(settings.dataDir, {
    extensions: settings.vectors ? { pg_trgm, vector } : { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...settings.serverSettings.flatMap((setting) => ['-c', setting])],
  });
  await pglite.waitReady;
  return pglite;
}

open().then(
  (pglite) => {
    control.on('message', (request: ThreadRequest) => {
      if (request.type === 'session') return serve(pglite, request.port);
      for (const port of [...sessions]) port.close();
      queue = queue
        .then(async () => {
          if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
          await pglite.close();
          send({ type: 'closed' });
        })
        .catch((error: unknown) => send({ type: 'error', message: `closing the database failed: ${String(error)}` }))
        .finally(() => control.close());
    });
    send({ type: 'ready' });
  },
  (error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    control.close();
  },
);
