import type { Observable } from 'rxjs';
import type { CitationCatalog } from '../citation/citation-catalog.js';

/** What the model is asked: the question, and the sources it may cite, under their citation ids. */
export interface ModelRequest {
  question: string;
  catalog: CitationCatalog;
  /** Ask again, stressing the format, after an answer whose structure broke before anything was shown. */
  repair: boolean;
  /** The model the client asked for; blank or unknown names fall back to the provider's default. */
  modelName?: string;
  /** The conversation's own system message, sent before everything else; blank or absent: none. */
  systemMessage?: string;
  /** Earlier questions and the answers the reader saw, oldest first, sent before this question. */
  history?: readonly ConversationTurn[];
  /**
   * Flow control: when it returns a promise, the reader is not ready for more; the provider reads no further
   * from the upstream until the promise settles (the request is paused, not buffered).
   */
  ready?: () => Promise<void> | undefined;
  /** Ask for the exact words of each cited source the paragraph relies on. */
  quotes?: boolean;
}

/** One earlier exchange of a conversation: the question, and the answer text as the reader saw it. */
export interface ConversationTurn {
  question: string;
  answer: string;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** Why the model stopped: `length` means the answer was cut off by the token limit. */
export type FinishReason = 'stop' | 'length' | 'content_filter' | 'other';

export type ModelDelta =
  | { type: 'content'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'finish'; reason: FinishReason; usage?: TokenUsage };

/** A model a question may name, and the title the model picker shows for it. */
export interface OfferedModel {
  name: string;
  title: string;
}

/**
 * The model behind one port. `stream` is cold: subscribing starts the request, unsubscribing aborts it, so a
 * client that goes away stops the upstream work.
 */
export interface ModelProvider {
  /** Which provider it is (`openai`, `offline`): the model picker shows it as the models' platform. */
  readonly name: string;
  /** The models a question may name, the default first. */
  readonly models: readonly OfferedModel[];
  stream(request: ModelRequest): Observable<ModelDelta>;
  /**
   * What to search the knowledge bases for, when a question may lean on earlier ones ("and how is it stored?").
   * `earlierQuestions` oldest first. Without it, the question itself is searched for.
   */
  retrievalQuery?(question: string, earlierQuestions: readonly string[]): string;
}

export const MODEL_PROVIDER = Symbol('MODEL_PROVIDER');
