import { appendFile, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { AnswerJournalStore, closingRows, type AnswerClosing } from './answer-journal-store.js';
import type { SseFrame } from '../sse/sse-frames.js';
import { storageReason } from './conversation-errors.js';

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
   * only after its event is kept somewhere. The answer's closing carries them all; the file then goes.
   */
  async appendEvents(answerUuid: string, frames: readonly SseFrame[]): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const lines = frames.map((frame) => `${JSON.stringify(frame)}\n`).join('');
    await appendFile(join(this.directory, `events-${answerUuid}.jsonl`), lines);
  }

  /** Drops the events kept by {@link appendEvents}, once the answer's closing holds them. */
  async forgetEvents(answerUuid: string): Promise<void> {
    await rm(join(this.directory, `events-${answerUuid}.jsonl`), { force: true });
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
