import { join } from 'node:path';
import type { NumberingMode, NumberingScope } from '../../citation/numbering.js';
import type { SupportPolicy } from '../../citation/support/support-verifier.js';
import type { LateVerifierSettings } from '../../citation/support/late-verifiers.js';
import { envSchema, type Env } from './env.schema.js';
import type { TrustProxy } from './trust-proxy.js';

/** What an answer does when retrieval offers no source: answer without sources, or refuse without the model. */
export type NoSourcesPolicy = 'answer-without-sources' | 'refuse';

/** The service's configuration, typed and grouped; built from the environment once, at boot. */
export interface AppConfig {
  /** `trustProxy`: whose X-Forwarded-For gives the client's address (Express's `trust proxy`). */
  http: { port: number; host: string; trustProxy: TrustProxy };
  log: { level: 'fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose'; format: 'json' | 'text' };
  citation: {
    numbering: NumberingMode;
    numberingScope: NumberingScope;
    support: { policy: SupportPolicy; coverage: number };
    quotes: boolean;
    noSources: NoSourcesPolicy;
    /** The verifier that judges paragraphs after they are sent (a chat model or an NLI classifier); absent when off. */
    verifier?: LateVerifierSettings;
  };
  model: { provider: 'openai'; openai: OpenAiSettings } | { provider: 'offline'; offline: OfflineSettings };
  ask: { timeoutMs: number; repairRetry: boolean; heartbeatMs: number };
  database: { url: string | undefined; dataDir: string; runMigrations: boolean };
  redisUrl: string | undefined;
  auth: {
    adminEmail: string;
    adminPassword: string | undefined;
    tokenTtlMs: number;
    loginAttempts: LoginLimits;
  };
  limits: { asksPerMinute: number };
  knowledge: { chunkChars: number; chunkOverlapChars: number; sample: boolean };
  /** What a conversation with context on remembers: earlier exchanges up to this many estimated tokens. */
  memory: { tokenBudget: number };
  /** Registrations: allowed at all, and how many attempts one client address may make per window. */
  accounts: { registrationEnabled: boolean; registrations: { perAddress: number; windowSeconds: number } };
  quota: { requestsPerDay: number; requestsPerMonth: number; tokensPerDay: number; tokensPerMonth: number };
  stream: {
    citationEventsDefault: boolean;
    maxAnswerChars: number;
    leaseMs: number;
    resumeGraceMs: number;
    maxUnsentBytes: number;
    stallTimeoutMs: number;
  };
  journal: { flushMs: number; storeRetryMs: number; spillDir: string };
  metrics: { enabled: boolean };
  /** The embeddings endpoint of semantic retrieval; absent: retrieval is lexical only. */
  embedding?: EmbeddingSettings;
}

/** An OpenAI-compatible `/embeddings` endpoint and how indexing and questions use it. */
export interface EmbeddingSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  dimensions: number;
  batchSize: number;
  /** Per indexing request. */
  timeoutMs: number;
  /** For a question's embedding: past it, the ask goes on lexically. */
  queryTimeoutMs: number;
  maxRetries: number;
}

/** How many failed logins are allowed, and for how long they are remembered. */
export interface LoginLimits {
  /** Failed logins on one account from one address per window: the owner's own typos and a single guesser. */
  perAccountAndAddress: number;
  /** Failed logins on one account from every address together; past it, only its known addresses may try. */
  perAccount: number;
  /** Failed logins from one address on every account together: one guesser trying many accounts. */
  perAddress: number;
  windowSeconds: number;
  /** How long an address that logged into an account stays known for it. */
  knownAddressSeconds: number;
}

/** The model server the OpenAI-compatible provider streams from. */
export interface OpenAiSettings {
  baseUrl: string;
  apiKey: string;
  /** The default model. */
  model: string;
  /** Every model a request may name; the default is always one of them. */
  models: string[];
  timeoutMs: number;
  /** Longest silence of an open stream before it is given up; absent: only the answer's deadline ends it. */
  idleTimeoutMs?: number;
  /** What reads the answer stream: the lean `node:http` client (src/model/chat-stream.ts) or the `openai` package. */
  streamClient?: 'lean' | 'openai';
  temperature: number;
  maxRetries: number;
}

/** The offline extractive provider's pacing. */
export interface OfflineSettings {
  /** Characters per streamed chunk. */
  chunkSize: number;
  /** Pause between chunks, in milliseconds, so that the answer streams as a model's would. */
  chunkDelayMs: number;
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
}

/** Parses the environment; throws a {@link ConfigError} naming every bad variable and how to fix it. */
export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): AppConfig {
  // A variable set to an empty string counts as unset, as `KEY=` in a compose or .env file means.
  const env = Object.fromEntries(Object.entries(rawEnv).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const hint = envSchema.shape[name as keyof typeof envSchema.shape]?.description;
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}${hint ? ` (${hint})` : ''}`;
    });
    throw new ConfigError(`Invalid environment; fix these variables and start again:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    http: { port: e.PORT, host: e.HOST, trustProxy: e.TRUST_PROXY },
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT },
    citation: citationConfig(e),
    model: modelConfig(e),
    ask: { timeoutMs: e.ASK_TIMEOUT_MS, repairRetry: e.ASK_REPAIR_RETRY, heartbeatMs: e.SSE_HEARTBEAT_MS },
    database: { url: e.DATABASE_URL, dataDir: e.DATA_DIR, runMigrations: !e.DB_SKIP_MIGRATIONS },
    redisUrl: e.REDIS_URL,
    auth: {
      adminEmail: e.ADMIN_EMAIL,
      adminPassword: e.ADMIN_PASSWORD,
      tokenTtlMs: e.TOKEN_TTL_HOURS * 3_600_000,
      loginAttempts: {
        perAccountAndAddress: e.LOGIN_LIMIT_PER_ACCOUNT_IP,
        perAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
        perAddress: e.LOGIN_LIMIT_PER_ADDRESS,
        windowSeconds: e.LOGIN_WINDOW_MINUTES * 60,
        knownAddressSeconds: e.LOGIN_KNOWN_ADDRESS_DAYS * 86_400,
      },
    },
    limits: { asksPerMinute: e.ASK_RATE_LIMIT_PER_MINUTE },
    knowledge: {
      chunkChars: e.KNOWLEDGE_CHUNK_CHARS,
      chunkOverlapChars: Math.min(e.KNOWLEDGE_CHUNK_OVERLAP, Math.floor(e.KNOWLEDGE_CHUNK_CHARS / 2)),
      sample: e.SAMPLE_KNOWLEDGE_BASE,
    },
    memory: { tokenBudget: e.MEMORY_TOKEN_BUDGET },
    accounts: {
      registrationEnabled: e.REGISTRATION_ENABLED,
      registrations: { perAddress: e.REGISTER_LIMIT_PER_ADDRESS, windowSeconds: e.REGISTER_WINDOW_MINUTES * 60 },
    },
    quota: {
      requestsPerDay: e.QUOTA_REQUESTS_PER_DAY,
      requestsPerMonth: e.QUOTA_REQUESTS_PER_MONTH,
      tokensPerDay: e.QUOTA_TOKENS_PER_DAY,
      tokensPerMonth: e.QUOTA_TOKENS_PER_MONTH,
    },
    stream: {
      citationEventsDefault: e.CITATION_EVENTS_DEFAULT,
      maxAnswerChars: e.ASK_MAX_ANSWER_CHARS,
      leaseMs: e.ASK_LEASE_MS,
      resumeGraceMs: e.ASK_RESUME_GRACE_MS,
      maxUnsentBytes: e.SSE_MAX_UNSENT_BYTES,
      stallTimeoutMs: e.SSE_STALL_TIMEOUT_MS,
    },
    journal: {
      flushMs: e.JOURNAL_FLUSH_MS,
      storeRetryMs: e.JOURNAL_STORE_RETRY_MS,
      spillDir: e.JOURNAL_SPILL_DIR ?? join(e.DATA_DIR, 'spill'),
    },
    metrics: { enabled: e.METRICS_ENABLED },
    ...embeddingConfig(e),
  };
}

function embeddingConfig(e: Env): { embedding?: EmbeddingSettings } {
  if (!e.EMBEDDING_BASE_URL) {
    if (e.EMBEDDING_MODEL === undefined && e.EMBEDDING_DIMENSIONS === undefined) return {};
    throw new ConfigError(
      'Invalid environment; fix these variables and start again:\n' +
        '  EMBEDDING_BASE_URL="": required when EMBEDDING_MODEL or EMBEDDING_DIMENSIONS is set; set it to the ' +
        'OpenAI-compatible API root of the embedding server, e.g. http://127.0.0.1:11434/v1, or unset both',
    );
  }
  const missing = [
    e.EMBEDDING_MODEL === undefined
      ? '  EMBEDDING_MODEL="": required with EMBEDDING_BASE_URL, e.g. nomic-embed-text'
      : '',
    e.EMBEDDING_DIMENSIONS === undefined
      ? '  EMBEDDING_DIMENSIONS="": required with EMBEDDING_BASE_URL: the length of the vectors the model returns, e.g. 768'
      : '',
  ].filter(Boolean);
  if (missing.length > 0 || e.EMBEDDING_MODEL === undefined || e.EMBEDDING_DIMENSIONS === undefined) {
    throw new ConfigError(`Invalid environment; fix these variables and start again:\n${missing.join('\n')}`);
  }
  return {
    embedding: {
      baseUrl: e.EMBEDDING_BASE_URL,
      apiKey: e.EMBEDDING_API_KEY,
      model: e.EMBEDDING_MODEL,
      dimensions: e.EMBEDDING_DIMENSIONS,
      batchSize: e.EMBEDDING_BATCH_SIZE,
      timeoutMs: e.EMBEDDING_TIMEOUT_MS,
      queryTimeoutMs: e.EMBEDDING_QUERY_TIMEOUT_MS,
      maxRetries: e.EMBEDDING_MAX_RETRIES,
    },
  };
}

function citationConfig(e: Env): AppConfig['citation'] {
  const verifier = verifierConfig(e);
  return {
    numbering: e.CITATION_NUMBERING,
    numberingScope: e.CITATION_NUMBERING_SCOPE,
    support: { policy: e.CITATION_SUPPORT_POLICY, coverage: e.CITATION_SUPPORT_COVERAGE },
    quotes: e.CITATION_QUOTES,
    noSources: e.CITATION_NO_SOURCES,
    ...(verifier ? { verifier } : {}),
  };
}

function verifierConfig(e: Env): LateVerifierSettings | undefined {
  switch (e.CITATION_VERIFIER) {
    case 'off':
      return undefined;
    case 'model':
      return {
        kind: 'model',
        baseUrl: e.CITATION_VERIFIER_BASE_URL ?? e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
        apiKey: e.CITATION_VERIFIER_API_KEY ?? e.OPENAI_API_KEY ?? 'not-needed',
        model: e.CITATION_VERIFIER_MODEL ?? e.OPENAI_MODEL,
        timeoutMs: e.CITATION_VERIFIER_TIMEOUT_MS,
      };
    case 'nli':
      // The answering model's server is no NLI classifier: there is no default to fall back on.
      if (!e.CITATION_VERIFIER_BASE_URL) {
        throw new ConfigError(
          'Invalid environment; fix these variables and start again:\n' +
            '  CITATION_VERIFIER_BASE_URL="": required when CITATION_VERIFIER=nli; set it to the root of the NLI ' +
            'server (Text Embeddings Inference), e.g. http://127.0.0.1:8080, or set CITATION_VERIFIER=off',
        );
      }
      return {
        kind: 'nli',
        baseUrl: e.CITATION_VERIFIER_BASE_URL,
        ...(e.CITATION_VERIFIER_API_KEY ? { apiKey: e.CITATION_VERIFIER_API_KEY } : {}),
        timeoutMs: e.CITATION_VERIFIER_TIMEOUT_MS,
        contradictionThreshold: e.CITATION_VERIFIER_CONTRADICTION_THRESHOLD,
        labelOrder: e.CITATION_VERIFIER_NLI_LABELS,
      };
  }
}

function modelConfig(e: Env): AppConfig['model'] {
  const useOpenAi =
    e.MODEL_PROVIDER === 'openai' || (e.MODEL_PROVIDER === 'auto' && (e.OPENAI_BASE_URL || e.OPENAI_API_KEY));
  if (!useOpenAi) {
    return {
      provider: 'offline',
      offline: { chunkSize: e.OFFLINE_CHUNK_SIZE, chunkDelayMs: e.OFFLINE_CHUNK_DELAY_MS },
    };
  }
  return {
    provider: 'openai',
    openai: {
      baseUrl: e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
      // Local servers (vLLM, Ollama, llama.cpp) take any key; the client library insists on one.
      apiKey: e.OPENAI_API_KEY ?? 'not-needed',
      model: e.OPENAI_MODEL,
      models: [
        ...new Set([
          e.OPENAI_MODEL,
          ...(e.OPENAI_MODELS ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ]),
      ],
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      idleTimeoutMs: e.MODEL_IDLE_TIMEOUT_MS,
      streamClient: e.MODEL_STREAM_CLIENT,
      temperature: e.OPENAI_TEMPERATURE,
      maxRetries: e.OPENAI_MAX_RETRIES,
    },
  };
}
