import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { REDIS } from '../platform/database/database.module.js';
import { JOURNAL_CHANNEL, STOP_CHANNEL } from './answer-journal-sql.js';

/**
 * Answers being written, and the signals between the instances that write and read them: "the journal of
 * answer X grew" (so that readers following it live fetch the new events) and "stop answer X". Within one
 * instance the signals are events; across instances they go through PostgreSQL LISTEN/NOTIFY, or Redis
 * pub/sub when REDIS_URL is set. Readers also poll, so a lost signal costs latency, never events.
 */
@Injectable()
export class LiveAnswers implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(LiveAnswers.name);
  private readonly signals = new EventEmitter().setMaxListeners(0);
  private readonly writers = new Map<string, () => void>();
  private readonly readers = new Map<string, number>();
  private listener: pg.Client | undefined;
  /** Whether the listener was last asked to listen to the journal channel (see `followJournals`). */
  private listeningToJournals = false;
  private subscriber: Redis | undefined;
  private closing = false;
  private listenedBefore = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis | undefined,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.redis) {
      // Redis may be down at start: the service still starts (readiness says so), the subscription waits for the
      // connection instead of failing, and until then the resume stream's poll carries the signals.
      this.subscriber = this.redis.duplicate({ maxRetriesPerRequest: null });
      this.subscriber.on('message', (channel: string, uuid: string) => this.receive(channel, uuid));
      this.subscriber.on('error', () => undefined);
      this.subscriber.subscribe(JOURNAL_CHANNEL, STOP_CHANNEL).catch((error: unknown) => {
        if (!this.closing) this.logger.warn({ message: 'live-answer subscription failed', error: String(error) });
      });
    } else if (this.config.database.url) {
      await this.listen(this.config.database.url);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    this.subscriber?.disconnect();
    await this.listener?.end().catch(() => undefined);
  }

  /** An answer this instance writes; `stop` ends it. Returns the function that unregisters it. */
  register(answerUuid: string, stop: () => void): () => void {
    this.writers.set(answerUuid, stop);
    return () => this.writers.delete(answerUuid);
  }

  /** Stops the answer if this instance writes it; false otherwise. */
  stopLocal(answerUuid: string): boolean {
    const stop = this.writers.get(answerUuid);
    stop?.();
    return stop !== undefined;
  }

  /** Tells every instance to stop the answer (the one that writes it does). */
  broadcastStop(answerUuid: string): void {
    void this.redis?.publish(STOP_CHANNEL, answerUuid).catch(() => undefined);
  }

  /**
   * The journals of these answers grew (PostgreSQL notifies by itself; Redis and this instance are told here).
   * One message names them all, comma-separated.
   */
  journalGrew(answerUuids: readonly string[]): void {
    if (answerUuids.length === 0) return;
    for (const uuid of answerUuids) this.signals.emit(uuid);
    void this.redis?.publish(JOURNAL_CHANNEL, answerUuids.join(',')).catch(() => undefined);
  }

  /** Resolves when the journal of the answer grows, or after `ms`, or when `abort` fires. */
  nextGrowth(answerUuid: string, ms: number, abort: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.signals.off(answerUuid, done);
        abort.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.signals.on(answerUuid, done);
      abort.addEventListener('abort', done);
    });
  }

  /** A reader follows the answer here; while one does, a resumable answer is not stopped for want of one. */
  attachReader(answerUuid: string): () => void {
    this.readers.set(answerUuid, (this.readers.get(answerUuid) ?? 0) + 1);
    this.followJournals();
    return () => {
      const left = (this.readers.get(answerUuid) ?? 1) - 1;
      if (left > 0) this.readers.set(answerUuid, left);
      else this.readers.delete(answerUuid);
      this.followJournals();
    };
  }

  hasReader(answerUuid: string): boolean {
    return this.readers.has(answerUuid);
  }

  private receive(channel: string, payload: string): void {
    if (channel === JOURNAL_CHANNEL) for (const uuid of payload.split(',')) this.signals.emit(uuid);
    else if (channel === STOP_CHANNEL) this.stopLocal(payload);
  }

  /**
   * The journal channel is listened to only while a reader here follows an answer. Every journal round notifies
   * it, and a listener that nobody here reads from would still be woken, and read and decode the notification,
   * once a round: on the instance that writes the answers, that was a socket read for every statement it made.
   * Stop requests are always listened to. A reader that attaches before the LISTEN took effect loses nothing: it
   * polls, and is told to look at the journal once the LISTEN is in place.
   */
  private followJournals(): void {
    const wanted = this.readers.size > 0;
    const client = this.listener;
    if (client === undefined || wanted === this.listeningToJournals) return;
    this.listeningToJournals = wanted;
    client
      .query(wanted ? `LISTEN ${JOURNAL_CHANNEL}` : `UNLISTEN ${JOURNAL_CHANNEL}`)
      .then(() => {
        if (wanted) this.signalReaders();
      })
      // A connection that failed is dropped by its 'error' handler, and a new one listens as `readers` then wants.
      .catch(() => undefined);
  }

  private signalReaders(): void {
    for (const uuid of this.readers.keys()) this.signals.emit(uuid);
  }

  private async listen(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => this.receive(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      this.logger.warn({ message: 'answer signal listener lost its connection', reason: error.message });
      this.listener = undefined;
      void client.end().catch(() => undefined);
      this.relisten(url);
    });
    try {
      await client.connect();
      const journals = this.readers.size > 0;
      await client.query(journals ? `LISTEN ${JOURNAL_CHANNEL}; LISTEN ${STOP_CHANNEL}` : `LISTEN ${STOP_CHANNEL}`);
      this.listener = client;
      this.listeningToJournals = journals;
      // Readers that came while the LISTEN was under way are listened for now.
      this.followJournals();
      // Signals sent while the listener was away are lost: every reader here looks at the journal now.
      if (this.listenedBefore) this.signalReaders();
      this.listenedBefore = true;
    } catch (error) {
      this.logger.warn({ message: 'answer signal listener could not connect', reason: String(error) });
      void client.end().catch(() => undefined);
      this.relisten(url);
    }
  }

  private relisten(url: string): void {
    if (this.closing) return;
    setTimeout(() => void this.listen(url), 1000).unref();
  }
}
