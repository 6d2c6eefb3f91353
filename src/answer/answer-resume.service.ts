import { Injectable, Logger } from '@nestjs/common';
import { isStorageUnavailable } from '../platform/common/storage-unavailable.js';
import type { CurrentUser } from '../accounts/current-user.js';
import { AppError } from '../platform/common/app-error.js';
import { MESSAGE_ROLE, type MessageEntity } from '../platform/database/entities/message.entity.js';
import type { SseConnection } from '../platform/sse/sse-connection.js';
import { serializeFrame, sseEvent } from '../platform/sse/sse-frames.js';
import { EVENT } from './answer-frames.js';
import { AnswerJournalStore } from './answer-journal-store.js';
import { StorageFailedError, storageReason } from './answer-errors.js';
import { LiveAnswers } from './live-answers.js';
import { MessageRepository } from '../conversations/message.repository.js';

export class AnswerStreamNotFoundError extends AppError {
  readonly code = 'ANSWER_NOT_FOUND';
  constructor(uuid: string) {
    super(`No answer ${uuid} of yours exists; use the uuid from the X-Answer-Uuid header or [META].`);
  }
}

export class AnswerInterruptedError extends AppError {
  readonly code = 'ANSWER_INTERRUPTED';
  constructor() {
    super('The answer was cut off before it ended (its writer stopped); what it showed is stored. Ask again.');
  }
}

/** How long a reader following a live answer waits for a signal before it looks at the journal anyway. */
const POLL_MS = 1000;
/** A database outage is logged once in this long, not once per reader per poll. */
const OUTAGE_LOG_MS = 5000;
const STORAGE_DOWN = 'The database is unavailable; resume again in a moment.';

/**
 * Resume and stop: a stream of an answer from a given event on (stored events first, then live ones while it
 * is being written, here or on another instance), and stopping an answer wherever it is being written.
 */
@Injectable()
export class AnswerResumeService {
  private readonly logger = new Logger(AnswerResumeService.name);
  private lastOutageLog = 0;

  constructor(
    private readonly messages: MessageRepository,
    private readonly store: AnswerJournalStore,
    private readonly live: LiveAnswers,
  ) {}

  async resume(answerUuid: string, lastEventId: number, user: CurrentUser, connection: SseConnection): Promise<void> {
    let answer: MessageEntity | undefined;
    try {
      answer = await this.answerOf(answerUuid, user);
    } catch (error) {
      if (!isStorageUnavailable(error)) throw error;
      connection.write(sseEvent(EVENT.error, errorLine(new StorageFailedError(error, STORAGE_DOWN))));
      return connection.end();
    }
    if (answer === undefined) {
      connection.write(sseEvent(EVENT.error, errorLine(new AnswerStreamNotFoundError(answerUuid))));
      return connection.end();
    }
    connection.setHeader('X-Answer-Uuid', answer.uuid);
    // What became of the answer, as stored when the replay began: an answer that ended `[ERROR] ANSWER_NOT_SAVED`
    // (the database was away) replays that end as it was sent, and this says whether it has been saved since.
    connection.setHeader('X-Answer-Status', answer.answerStatus);
    connection.setHeader('Access-Control-Expose-Headers', 'X-Answer-Uuid, X-Question-Uuid, X-Answer-Status');
    const detach = this.live.attachReader(answer.uuid);
    const gone = new AbortController();
    connection.onClose(() => gone.abort());
    let last = lastEventId;
    try {
      while (!connection.closed) {
        let streaming: boolean;
        let events: Awaited<ReturnType<AnswerJournalStore['eventsAfter']>>;
        try {
          // Looked at before the events: an answer that ends in between still has its end among them.
          streaming = await this.store.isStreaming(answer.id);
          events = await this.store.eventsAfter(answer.id, last);
        } catch (error) {
          // The database is away: the reader keeps its stream (heartbeats go on) and catches up from the journal
          // once it is back, from the last event it was sent.
          if (!isStorageUnavailable(error)) throw error;
          this.outage(answer.uuid, error);
          await this.live.nextGrowth(answer.uuid, POLL_MS, gone.signal);
          continue;
        }
        for (const event of events) {
          const frame = { id: event.seq, data: event.data, ...(event.event === null ? {} : { event: event.event }) };
          connection.write(serializeFrame(frame));
          last = event.seq;
          if (event.event === EVENT.done || event.event === EVENT.error) return connection.end();
        }
        if (!streaming) {
          connection.write(sseEvent(EVENT.error, errorLine(new AnswerInterruptedError())));
          return connection.end();
        }
        const unread = connection.ready();
        if (unread) await unread;
        await this.live.nextGrowth(answer.uuid, POLL_MS, gone.signal);
      }
    } finally {
      detach();
    }
  }

  private outage(answerUuid: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_MS) return;
    this.lastOutageLog = now;
    this.logger.warn({ message: 'resume waits for the database', answer: answerUuid, reason: storageReason(error) });
  }

  /** Stops the answer at once, on whichever instance writes it. */
  async stop(answerUuid: string, user: CurrentUser): Promise<boolean> {
    const answer = await this.answerOf(answerUuid, user);
    if (answer === undefined) throw new AnswerStreamNotFoundError(answerUuid);
    if (this.live.stopLocal(answer.uuid)) return true;
    await this.store.requestStop(answer.uuid);
    this.live.broadcastStop(answer.uuid);
    return true;
  }

  private async answerOf(uuid: string, user: CurrentUser): Promise<MessageEntity | undefined> {
    const message = /^[0-9a-f]{32}$/.test(uuid) ? await this.messages.findReadable(uuid, user) : null;
    return message && message.messageRole === MESSAGE_ROLE.assistant ? message : undefined;
  }
}

function errorLine(error: AppError): string {
  return `${error.code}: ${error.message}`;
}
