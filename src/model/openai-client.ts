import OpenAI from 'openai';

/** An OpenAI-compatible server, and how long and how often to try it. */
export interface OpenAiEndpoint {
  /** Its API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8000/v1`. */
  baseUrl: string;
  /** Its key; without one no `Authorization` header is sent (local servers need none). */
  apiKey?: string | undefined;
  /** Per attempt, until the response's headers arrive; a stream's body is not bound by it. */
  timeoutMs: number;
  /** Further attempts after a connection failure, a timeout, 408, 409, 429 or 5xx, before a response is read. */
  maxRetries: number;
}

/**
 * The one place an `openai` client is made: chat answers, the model verifier, graph extraction and embeddings all
 * get theirs here. Everything comes from the service's configuration: the package's own fallbacks to
 * `OPENAI_ORG_ID` and `OPENAI_PROJECT_ID` are turned off, so that what the configuration says is what is sent.
 */
export function openAiClient(endpoint: OpenAiEndpoint): OpenAI {
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    // The package insists on a key; a server that needs none gets no `Authorization` header at all.
    apiKey: endpoint.apiKey || 'none',
    ...(endpoint.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    organization: null,
    project: null,
    timeout: endpoint.timeoutMs,
    maxRetries: endpoint.maxRetries,
  });
}
