import type { ModelVerifierSettings } from './model-verifier.js';
import type { NliScores } from './nli-verdicts.js';

/** Which late verifier to run, as configured (`CITATION_VERIFIER`). */
export type LateVerifierSettings =
  ({ kind: 'model' } & ModelVerifierSettings) | ({ kind: 'nli' } & NliVerifierSettings);

export interface NliVerifierSettings {
  /** The classifier server's root; the verifier posts to `{baseUrl}/predict`. */
  baseUrl: string;
  /** Sent as a bearer token when set. */
  apiKey?: string;
  timeoutMs: number;
  contradictionThreshold: number;
  /** The label of each class index, for servers that answer `LABEL_0`, `LABEL_1` … instead of names. */
  labelOrder: readonly NliLabel[];
}

export type NliLabel = keyof NliScores;
export const NLI_LABELS: readonly NliLabel[] = ['contradiction', 'entailment', 'neutral'];
