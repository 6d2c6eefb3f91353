import { appendFile, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { AnswerJournalStore, closingRows, type AnswerClosing } from './answer-journal-store.js';
import type { SseFrame } from '../platform/sse/sse-frames.js';
import { storageReason } from './answer-errors.js';

const EVENT_LOG = /^events-([0-9a-f]{32})-(\d+)\.jsonl$/;

function eventLogName(answer: { answerId: string; answerUuid: string }): string {
  return `events-${answer.answerUuid}-${answer.answerId}.jsonl`;
}

/**
 * Answers that were shown but could not be stored when they ended (the database was down) are kept as files
 * in the spill directory and written once the database answers again: checked at start and every few seconds.
 */
@Injectable()
export class AnswerSpill implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AnswerSpill.name);
  private timer: NodeJS.Timeout | undefined;
  private replaying: Promise<void> | undefined;
  readonly directory: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly store: AnswerJournalStore,
  ) {
    this.directory = config.journal.spillDir;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.replay();
    this.timer = setInterval(() => void this.replay(), 3000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Keeps the closing statement's input in a file; written by {@link replay}. */
  async keep(closing: AnswerClosing): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const file = join(this.directory, `answer-${closing.answerUuid}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(closingRows(closing)));
    await rename(`${file}.tmp`, file);
    this.logger.warn({ message: 'answer kept in the spill directory until the database is back', file });
  }

  /**
   * The events of a streaming answer the database did not take (it is away), appended one JSON line each
   * before they are sent: while the database is away they are journaled here, so that an id still goes out
   * only after its event is kept somewhere. The answer's closing carries them all; the file then goes. A file
   * left by a process that died is appended to its answer's journal at the next start ({@link replayOrphanEvents}).
   */
  async appendEvents(answer: { answerId: string; answerUuid: string }, frames: readonly SseFrame[]): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const lines = frames.map((frame) => `${JSON.stringify(frame)}\n`).join('');
    await appendFile(join(this.directory, eventLogName(answer)), lines);
  }

  /** Drops the events kept by {@link appendEvents}, once the answer's closing holds them. */
  async forgetEvents(answer: { answerId: string; answerUuid: string }): Promise<void> {
    await rm(join(this.directory, eventLogName(answer)), { force: true });
  }

  /**
   * At start, before abandoned answers are closed: the events a dead process journaled here (the database was
   * away, then the process was killed) are appended to their answers' journals, which already hold the ones
   * before them; an event stored twice is stored once. Files the database does not take yet stay.
   */
  async replayOrphanEvents(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch {
      return;
    }
    for (const name of names) {
      const found = EVENT_LOG.exec(name);
      if (!found) continue;
      const file = join(this.directory, name);
      try {
        // A line cut by the kill is not an event that was sent: it was written before its frame went out.
        const events = (await readFile(file, 'utf8'))
          .split('\n')
          .filter((line) => line.endsWith('}'))
          .map((line) => JSON.parse(line) as SseFrame);
        await this.store.appendMany([{ answerUuid: found[1]!, answerId: found[2]!, events }]);
        await unlink(file);
        this.logger.log({ message: 'events kept by a stopped process stored', file, events: events.length });
      } catch (error) {
        this.logger.warn({ message: 'kept events not stored yet', file, reason: storageReason(error) });
      }
    }
  }

  /** Writes every spilled answer the database takes; files it refuses stay for the next round. */
  replay(): Promise<void> {
    this.replaying ??= this.replayOnce().finally(() => (this.replaying = undefined));
    return this.replaying;
  }

  private async replayOnce(): Promise<void> {
    let names: string[];
    try {
      names = (await readdir(this.directory)).filter((name) => /^answer-[0-9a-f]{32}\.json$/.test(name));
    } catch {
      return;
    }
    for (const name of names) {
      const file = join(this.directory, name);
      try {
        await this.store.closeRows(JSON.parse(await readFile(file, 'utf8')) as ReturnType<typeof closingRows>);
        await unlink(file);
        this.logger.log({ message: 'spilled answer stored', file });
      } catch (error) {
        this.logger.warn({ message: 'spilled answer not stored yet', file, reason: storageReason(error) });
        return;
      }
    }
  }
}
