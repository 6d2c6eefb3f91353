import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CitationCatalog } from '../citation/citation-catalog.js';
import {
  AnswerInProgressError,
  AppError,
  ConversationNotFoundError,
  RequestInvalidError,
} from '../common/app-error.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { RetrievalPort } from '../knowledge/retrieval-port.js';
import { RETRIEVAL_PORT } from '../knowledge/retrieval-port.js';
import { MODEL_PROVIDER, type ModelProvider } from '../model/model-provider.js';
import type { SseConnection } from '../sse/sse-connection.js';
import { sseEvent } from '../sse/sse-frames.js';
import { answerEvents, deadline, withRepairRetry } from './answer-events.js';
import { AnswerWriter, EVENT, STATES } from './answer-writer.js';
import type { AskRequest } from './ask-request.js';
import { CONVERSATION_PORT, type ConversationPort } from './conversation-port.js';
import { IN_FLIGHT_GUARD, type InFlightGuard } from './in-flight-guard.js';

const newUuid = () => randomUUID().replaceAll('-', '');

/**
 * One question, answered as a stream: pre-flight checks, retrieval, the model through the citation core, and
 * the protocol's events on the connection. Failures before `[START]` are sent as `[ERROR]` before it.
 */
@Injectable()
export class AskService {
  private readonly logger = new Logger(AskService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
    @Inject(RETRIEVAL_PORT) private readonly retrieval: RetrievalPort,
    @Inject(CONVERSATION_PORT) private readonly conversations: ConversationPort,
    @Inject(IN_FLIGHT_GUARD) private readonly inFlight: InFlightGuard,
  ) {}

  async ask(request: AskRequest, connection: SseConnection): Promise<void> {
    const release = await this.inFlight.tryAcquire(request.conversationUuid);
    if (release === undefined) return this.refuse(connection, new AnswerInProgressError());
    try {
      const conversation = await this.conversations.findForAsk(request.conversationUuid);
      if (conversation === undefined)
        return this.refuse(connection, new ConversationNotFoundError(request.conversationUuid));
      const question = (request.prompt ?? '').trim();
      if (question === '') {
        return this.refuse(
          connection,
          new RequestInvalidError('Answering a stored question again is not available yet; send prompt.'),
        );
      }
      connection.write(
        sseEvent(EVENT.start, '') + sseEvent(EVENT.stateChanged, JSON.stringify(STATES.questionAnalysing)),
      );
      await this.answer(question, request, conversation.knowledgeBaseUuids, connection);
    } finally {
      await release();
    }
  }

  private refuse(connection: SseConnection, error: AppError): void {
    this.logger.warn({ message: 'ask refused before start', code: error.code });
    connection.write(sseEvent(EVENT.error, `${error.code}: ${error.message}`));
    connection.end();
  }

  private async answer(question: string, request: AskRequest, knowledgeBaseUuids: string[], connection: SseConnection) {
    const writer = new AnswerWriter(connection);
    try {
      if (knowledgeBaseUuids.length > 0) {
        connection.write(sseEvent(EVENT.stateChanged, JSON.stringify(STATES.knowledgeSearching)));
      }
      const hits =
        knowledgeBaseUuids.length > 0 ? await this.retrieval.retrieve(question, knowledgeBaseUuids) : undefined;
      if (connection.closed) return;
      const catalog = CitationCatalog.fromHits(hits?.embeddings ?? [], hits?.graph ?? []);
      const { timeoutMs, repairRetry } = this.config.ask;
      const attempt = (repair: boolean) =>
        this.model
          .stream({ question, catalog, repair, ...(request.modelName ? { modelName: request.modelName } : {}) })
          .pipe(deadline(timeoutMs), answerEvents(catalog, { numbering: this.config.citation.numbering }));
      const answer$ = repairRetry
        ? withRepairRetry(attempt, (reason) =>
            this.logger.warn({ message: 'answer format broke; asking again', reason }),
          )
        : attempt(false);
      await new Promise<void>((resolve) => {
        const subscription = answer$.subscribe({
          next: (event) => writer.event(event),
          error: (error: unknown) => {
            this.logFailure(error);
            writer.fail(error);
            resolve();
          },
          complete: () => {
            writer.finish({
              questionUuid: newUuid(),
              answerUuid: newUuid(),
              isRefEmbedding: (hits?.embeddings.length ?? 0) > 0,
              isRefGraph: (hits?.graph.length ?? 0) > 0,
            });
            const summary = writer.summary?.summary;
            if (summary?.hasCitationError) {
              this.logger.warn({
                message: 'answer fell back to plain text',
                outcome: summary.outcome,
                reason: summary.reason,
              });
            }
            resolve();
          },
        });
        connection.onClose(() => {
          subscription.unsubscribe();
          resolve();
        });
      });
    } catch (error) {
      this.logFailure(error);
      writer.fail(error);
    }
  }

  private logFailure(error: unknown): void {
    if (error instanceof AppError)
      this.logger.warn({ message: 'answer failed', code: error.code, detail: error.message });
    else this.logger.error({ message: 'answer failed', error: error instanceof Error ? error.stack : String(error) });
  }
}
