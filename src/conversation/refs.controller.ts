import { Controller, Get } from '@nestjs/common';
import { User, type CurrentUser } from '../auth/current-user.js';
import { AppError } from '../common/app-error.js';
import type { z } from 'zod';
import { ZodParam, ZodQuery } from '../common/zod-pipe.js';
import type { MessageEntity } from '../database/entities/index.js';
import { citationsQuery, messageUuidParam } from './conversation.schemas.js';
import { storedSupport } from './stored-support.js';
import { MessageRepository, type StoredCitationView } from './message.repository.js';

class AnswerNotFoundError extends AppError {
  readonly code = 'A0008';
  constructor(uuid: string) {
    super(`No answer ${uuid} of yours exists; use the answer uuid from [META].`);
  }
}

/** The references of an answer, for its owner (and admins); anyone else's uuid reads as missing. */
@Controller('conversation/message')
export class RefsController {
  constructor(private readonly messages: MessageRepository) {}

  @Get('embedding-ref/:uuid')
  async embeddingRefs(@User() user: CurrentUser, @ZodParam('uuid', messageUuidParam) uuid: string) {
    const answer = await this.answer(uuid, user);
    const refs = await this.messages.embeddingRefs(answer.id);
    return {
      success: true,
      data: refs.map((ref) => ({ embeddingId: ref.embeddingId, score: Number(ref.score), text: ref.chunkText })),
    };
  }

  @Get('graph-ref/:uuid')
  async graphRef(@User() user: CurrentUser, @ZodParam('uuid', messageUuidParam) uuid: string) {
    const answer = await this.answer(uuid, user);
    const ref = await this.messages.graphRef(answer.id);
    const graph = ref ? (JSON.parse(ref.graphFromStore) as { vertices?: unknown[]; edges?: unknown[] }) : {};
    return {
      success: true,
      data: {
        entitiesFromQuestion: ref ? (JSON.parse(ref.entitiesFromQuestion) as unknown[]) : [],
        vertices: graph.vertices ?? [],
        edges: graph.edges ?? [],
      },
    };
  }

  /** The paragraph view of an answer: exactly what its stream carried. */
  @Get('citation/:uuid')
  async citation(@User() user: CurrentUser, @ZodParam('uuid', messageUuidParam) uuid: string) {
    const answer = await this.answer(uuid, user);
    return { success: true, data: citationViewOf(answer, await this.messages.citationView(answer.id)) };
  }

  /**
   * The paragraph views of several answers in one call (a page of a conversation's history), by answer uuid.
   * An answer that is not the caller's, deleted, or no answer at all is left out rather than failing the rest.
   */
  @Get('citations')
  async citations(@User() user: CurrentUser, @ZodQuery(citationsQuery) query: z.output<typeof citationsQuery>) {
    const answers = await this.messages.findReadableAnswers([...new Set(query.answerUuids.split(','))], user);
    const views = await this.messages.citationViews(answers.map((answer) => answer.id));
    return {
      success: true,
      data: Object.fromEntries(answers.map((answer) => [answer.uuid, citationViewOf(answer, views.get(answer.id)!)])),
    };
  }

  private async answer(uuid: string, user: CurrentUser): Promise<MessageEntity> {
    const message = await this.messages.findReadable(uuid, user);
    if (!message || message.parentMessageId === '0') throw new AnswerNotFoundError(uuid);
    return message;
  }
}

/** What the citation routes answer for one answer: its paragraphs with their citations, and its sources. */
function citationViewOf(answer: MessageEntity, { paragraphs, refs, citations }: StoredCitationView) {
  const numbers = new Map(refs.map((ref) => [ref.citationId, ref.displayNumber]));
  return {
    citationMode: answer.citationMode ?? 'answer',
    hasCitationError: answer.hasCitationError,
    paragraphs: paragraphs.map((paragraph) => {
      const citationIds = JSON.parse(paragraph.citationIdsJson) as string[];
      return {
        paragraphIndex: paragraph.paragraphIndex,
        text: paragraph.text,
        citationIds,
        citationNumbers: citationIds.map((id) => numbers.get(id)!),
        ...storedSupport(paragraph, citationIds, citations),
      };
    }),
    refs: refs.map((ref) => ({
      citationId: ref.citationId,
      displayNumber: ref.displayNumber,
      type: ref.citationType,
      payload: JSON.parse(ref.payloadJson) as unknown,
    })),
  };
}
