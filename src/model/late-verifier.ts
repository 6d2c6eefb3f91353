import type { LateVerifierSettings } from '../citation/support/late-verifiers.js';
import type { LateVerifier } from '../citation/support/model-verifier.js';
import { NliVerifier } from './nli-verifier.js';
import { ModelVerifier } from './model-verifier.js';
import { openAiClient } from './openai-client.js';

/**
 * The one place a configured late verifier is made. A chat model's client comes from {@link openAiClient}, without
 * retries: a verdict that comes late is dropped anyway.
 */
export function createLateVerifier(settings: LateVerifierSettings): LateVerifier {
  switch (settings.kind) {
    case 'model':
      return new ModelVerifier(openAiClient({ ...settings, maxRetries: 0 }), settings.model);
    case 'nli':
      return new NliVerifier(settings);
  }
}
