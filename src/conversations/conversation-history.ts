import { Inject, Injectable } from '@nestjs/common';
import { stripMarkers } from '../citation/marker-stripper.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { ConversationEntity } from '../platform/database/entities/index.js';
import { MODEL_PROVIDER, type ConversationTurn, type ModelProvider } from '../model/model-provider.js';
import { MessageRepository } from './message.repository.js';

/** What the model is told of the conversation besides the question, and what retrieval searches for. */
export interface ConversationMemory {
  /** For the model request: the conversation's system message and its earlier exchanges. */
  request: { systemMessage?: string; history: ConversationTurn[] };
  /** The question, or, for a follow-up, the question read with the earlier ones it leans on. */
  retrievalQuery: string;
}

/** Earlier exchanges read at most, however small they are. */
const MAX_TURNS = 50;

/**
 * A rough token count that needs no tokenizer: a Chinese or Japanese character is about one token, other text
 * about four characters a token. The budget is an estimate too, so this only has to be the right size.
 */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** The answer text without citation markers a model may have left in it, paragraph by paragraph. */
function withoutMarkers(answer: string): string {
  return answer
    .split(/\n{2,}/)
    .map((paragraph) => stripMarkers(paragraph).text)
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/**
 * A conversation's memory, rebuilt from its stored messages for every question: with context on, its system
 * message and the newest question/answer pairs that fit the token budget, oldest first; with context off, the
 * system message alone. The answers are the text the reader saw. Deleted messages are forgotten, and
 * answering a question again remembers only what came before that question.
 */
@Injectable()
export class ConversationHistory {
  constructor(
    private readonly messages: MessageRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
  ) {}

  /** `beforeQuestionId`: the question being answered again; only exchanges before it are remembered. */
  async load(
    conversation: ConversationEntity,
    question: string,
    beforeQuestionId?: string,
  ): Promise<ConversationMemory> {
    const systemMessage = conversation.aiSystemMessage.trim();
    const history = conversation.understandContextEnable
      ? await this.turns(conversation.id, beforeQuestionId ?? null)
      : [];
    const earlierQuestions = history.map((turn) => turn.question);
    return {
      request: { ...(systemMessage === '' ? {} : { systemMessage }), history },
      retrievalQuery:
        earlierQuestions.length > 0 && this.model.retrievalQuery
          ? this.model.retrievalQuery(question, earlierQuestions)
          : question,
    };
  }

  /** The newest answered exchanges within the budget, oldest first; an exchange that does not fit ends the walk. */
  private async turns(conversationId: string, beforeQuestionId: string | null): Promise<ConversationTurn[]> {
    const budget = this.config.memory.tokenBudget;
    if (budget <= 0) return [];
    const rows = await this.messages.answeredTurns(conversationId, beforeQuestionId, MAX_TURNS);
    const kept: ConversationTurn[] = [];
    let spent = 0;
    for (const row of rows) {
      const turn = { question: row.question, answer: withoutMarkers(row.answer) };
      spent += estimateTokens(turn.question) + estimateTokens(turn.answer);
      if (spent > budget) break;
      kept.unshift(turn);
    }
    return kept;
  }
}
