import { ModelVerifier, type LateVerifier, type ModelVerifierSettings } from './model-verifier.js';
import { NliVerifier, type NliVerifierSettings } from './nli-verifier.js';

/** Which late verifier to run, as configured (`CITATION_VERIFIER`). */
export type LateVerifierSettings =
  ({ kind: 'model' } & ModelVerifierSettings) | ({ kind: 'nli' } & NliVerifierSettings);

/** The one place a configured late verifier is made. */
export function createLateVerifier(settings: LateVerifierSettings): LateVerifier {
  switch (settings.kind) {
    case 'model':
      return new ModelVerifier(settings);
    case 'nli':
      return new NliVerifier(settings);
  }
}
