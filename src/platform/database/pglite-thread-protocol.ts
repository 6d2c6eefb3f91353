import type { MessagePort } from 'node:worker_threads';

/** What the database thread is started with (`workerData`). */
export interface PgliteThreadSettings {
  dataDir: string;
  vectors: boolean;
  /** PostgreSQL server settings (`name=value`), which bound the memory the database keeps. */
  serverSettings: string[];
}

/** From the service to the database thread. */
export type ThreadRequest = { type: 'session'; port: MessagePort } | { type: 'close' };

/** From the database thread to the service. */
export type ThreadReply =
  { type: 'ready' } | { type: 'failed'; message: string } | { type: 'error'; message: string } | { type: 'closed' };
