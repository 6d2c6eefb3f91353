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
  /** Ask for the exact words of each cited source the paragraph relies on. */
  quotes?: boolean;
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

/**
 * The model behind one port. `stream` is cold: subscribing starts the request, unsubscribing aborts it, so a
 * client that goes away stops the upstream work.
 */
export interface ModelProvider {
  readonly name: string;
  stream(request: ModelRequest): Observable<ModelDelta>;
}

export const MODEL_PROVIDER = Symbol('MODEL_PROVIDER');
