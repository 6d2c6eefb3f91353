import type { ModelVerifierSettings } from './model-verifier.js';
import type { NliVerifierSettings } from './nli-verifier.js';

/** Which late verifier to run, as configured (`CITATION_VERIFIER`). */
export type LateVerifierSettings =
  ({ kind: 'model' } & ModelVerifierSettings) | ({ kind: 'nli' } & NliVerifierSettings);
