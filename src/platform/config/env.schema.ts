import { z } from 'zod';
import { trustProxySchema } from './trust-proxy.js';

/**
 * Every environment variable the service reads, in one place. Defaults make the embedded setup work with no
 * variable set. Validated once at boot: a bad environment stops the start with one message naming every bad
 * variable and what it should be.
 */
export const envSchema = z.object({
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(9999)
    .describe('HTTP port; 9999 is the legacy chat server port that the stock frontend proxies to'),
  HOST: z.string().min(1).default('0.0.0.0').describe('address to listen on'),
  TRUST_PROXY: trustProxySchema.describe(
    "Express's trust proxy: which reverse proxies' X-Forwarded-For to believe for the client's address",
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  LOG_FORMAT: z.enum(['json', 'text']).default('json').describe('json: one JSON object per line; text: for humans'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .describe('a PostgreSQL server; without it the embedded database in DATA_DIR is used'),
  DATA_DIR: z.string().min(1).default('./data').describe('where the embedded database keeps its files'),
  DB_SKIP_MIGRATIONS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: do not run migrations at boot (run them separately)'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .describe('keep login tokens, ask locks and rate limits in Redis, shared by every instance'),
  ADMIN_EMAIL: z.email().default('admin@localhost.localdomain').describe('the admin created on first start'),
  ADMIN_PASSWORD: z.string().min(8).optional().describe('its password; when unset, one is generated and logged once'),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(8).describe('how long a login token is valid'),
  LOGIN_LIMIT_PER_ACCOUNT_IP: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('failed logins on one account from one client address per LOGIN_WINDOW_MINUTES'),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .positive()
    .default(100)
    .describe(
      'failed logins on one account from all addresses per LOGIN_WINDOW_MINUTES; past it only addresses it logged in from may try',
    ),
  LOGIN_LIMIT_PER_ADDRESS: z.coerce
    .number()
    .int()
    .positive()
    .default(100)
    .describe('failed logins from one client address, on any accounts, per LOGIN_WINDOW_MINUTES'),
  LOGIN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(1440)
    .default(15)
    .describe('minutes (at most 1440) failed logins are counted, and an allowance that ran out waits'),
  LOGIN_KNOWN_ADDRESS_DAYS: z.coerce
    .number()
    .int()
    .positive()
    // The in-memory store (embedded database) keeps each record with a timer, and a timer holds at most 24.8 days.
    .max(24)
    .default(14)
    .describe(
      "days (at most 24) an address a user logged in from keeps its way in when others' failures fill the account's limit",
    ),
  ASK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20).describe('questions per user per minute'),
  MODEL_PROVIDER: z
    .enum(['auto', 'openai', 'offline'])
    .default('auto')
    .describe('auto: the OpenAI-compatible server when OPENAI_BASE_URL or OPENAI_API_KEY is set, else offline'),
  OPENAI_BASE_URL: z.url().optional().describe('an OpenAI-compatible API root, e.g. https://api.deepseek.com/v1'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini').describe('the model used when a request names none'),
  OPENAI_MODELS: z
    .string()
    .optional()
    .describe('comma-separated models a request may name; a blank or unknown name gets OPENAI_MODEL'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(120000),
  MODEL_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30000)
    .describe('longest the model may send nothing once its answer started; then it ends as MODEL_UPSTREAM_TIMEOUT'),
  MODEL_STREAM_CLIENT: z
    .enum(['lean', 'openai'])
    .default('lean')
    .describe('what reads the answer stream: lean (node:http, cheaper per token) or the openai package itself'),
  OPENAI_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.2),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1).describe('retries before the stream starts'),
  OFFLINE_CHUNK_SIZE: z.coerce
    .number()
    .int()
    .positive()
    .default(8)
    .describe('characters per chunk of the offline model'),
  OFFLINE_CHUNK_DELAY_MS: z.coerce.number().int().min(0).default(20).describe('pause between offline chunks'),
  ASK_TIMEOUT_MS: z.coerce.number().int().positive().default(150000).describe('longest an answer may stream'),
  ASK_REPAIR_RETRY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('ask the model once more when its format breaks before any text was shown'),
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(0).default(15000).describe('idle time before a heartbeat; 0 disables'),
  KNOWLEDGE_CHUNK_CHARS: z.coerce.number().int().min(100).default(800).describe('characters per chunk when indexing'),
  KNOWLEDGE_CHUNK_OVERLAP: z.coerce.number().int().min(0).default(120).describe('characters neighbouring chunks share'),
  SAMPLE_KNOWLEDGE_BASE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe("create the sample knowledge base on first start and attach it to new users' first conversation"),
  CITATION_NUMBERING: z
    .enum(['first-citation', 'retrieval-rank'])
    .default('first-citation')
    .describe('how cited sources get display numbers'),
  MEMORY_TOKEN_BUDGET: z.coerce
    .number()
    .int()
    .min(0)
    .default(3000)
    .describe('estimated tokens of earlier questions and answers a conversation with context on sends; 0: none'),
  REGISTRATION_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('false: nobody can create an account from the login dialog; admins are the only way in'),
  REGISTER_LIMIT_PER_ADDRESS: z.coerce
    .number()
    .int()
    .positive()
    .default(5)
    .describe('registration attempts from one client address per REGISTER_WINDOW_MINUTES'),
  REGISTER_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(1440)
    .default(60)
    .describe('minutes (at most 1440) registration attempts are counted, and an address over its limit waits'),
  QUOTA_REQUESTS_PER_DAY: z.coerce.number().int().positive().default(10000).describe('questions per user per day'),
  QUOTA_REQUESTS_PER_MONTH: z.coerce.number().int().positive().default(300000).describe('questions per user per month'),
  QUOTA_TOKENS_PER_DAY: z.coerce
    .number()
    .int()
    .positive()
    .default(10_000_000)
    .describe('model tokens per user per day'),
  QUOTA_TOKENS_PER_MONTH: z.coerce
    .number()
    .int()
    .positive()
    .default(300_000_000)
    .describe('model tokens per user per month'),
  CITATION_EVENTS_DEFAULT: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: send the citation events to every client, not only to those that ask for them'),
  ASK_MAX_ANSWER_CHARS: z.coerce
    .number()
    .int()
    .positive()
    .default(200000)
    .describe('longest answer text; a longer one ends with ANSWER_TOO_LARGE, keeping what was shown'),
  ASK_LEASE_MS: z.coerce
    .number()
    .int()
    .min(500)
    .default(15000)
    .describe("lease of an answer's writer and of its user's one-answer lock, renewed while it streams"),
  ASK_RESUME_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30000)
    .describe('how long a resumable answer keeps being written after its client left'),
  SSE_MAX_UNSENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(262144)
    .describe('bytes a client may leave unread before the model is paused'),
  SSE_STALL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30000)
    .describe('a client that reads nothing for this long is dropped; its answer is kept as interrupted'),
  JOURNAL_FLUSH_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(250)
    .describe('longest time shown text waits before it is appended to the stored answer'),
  JOURNAL_STORE_RETRY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5000)
    .describe('how long the end of an answer retries the database before keeping it in a spill file'),
  JOURNAL_SPILL_DIR: z
    .string()
    .min(1)
    .optional()
    .describe('where answers wait for the database when it is down; default: DATA_DIR/spill'),
  CITATION_NUMBERING_SCOPE: z
    .enum(['answer', 'conversation'])
    .default('answer')
    .describe('conversation: a source keeps its number across the answers of a conversation'),
  CITATION_SUPPORT_POLICY: z
    .enum(['drop', 'flag', 'off'])
    .default('flag')
    .describe('what happens to a citation whose source does not support its paragraph'),
  CITATION_SUPPORT_COVERAGE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.7)
    .describe("share of a sentence's words and numbers its aligned source sentences must hold to verify it"),
  CITATION_QUOTES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('ask the model for the exact words of each cited source, and verify them'),
  CITATION_NO_SOURCES: z
    .enum(['answer-without-sources', 'refuse'])
    .default('answer-without-sources')
    .describe('refuse: when retrieval offers nothing, say so without calling the model'),
  CITATION_VERIFIER: z
    .enum(['off', 'model', 'nli'])
    .default('off')
    .describe(
      'model: a chat model, nli: an NLI classifier (CITATION_VERIFIER_BASE_URL), judges each paragraph after it is sent',
    ),
  CITATION_VERIFIER_BASE_URL: z
    .url()
    .optional()
    .describe(
      'model: an OpenAI-compatible endpoint (default: the answering model server); nli: the root of a Text Embeddings Inference server, e.g. http://127.0.0.1:8080',
    ),
  CITATION_VERIFIER_API_KEY: z.string().optional(),
  CITATION_VERIFIER_MODEL: z.string().min(1).optional().describe('the verifier model; default: OPENAI_MODEL'),
  CITATION_VERIFIER_TIMEOUT_MS: z.coerce.number().int().positive().default(20000),
  CITATION_VERIFIER_CONTRADICTION_THRESHOLD: z.coerce
    .number()
    .gt(0)
    .max(1)
    .default(0.8)
    .describe('nli: the contradiction probability from which a sentence counts as contradicted, above 0 and at most 1'),
  CITATION_VERIFIER_NLI_LABELS: z
    .string()
    .transform((value) => value.split(',').map((label) => label.trim().toLowerCase()))
    .pipe(z.array(z.enum(['contradiction', 'entailment', 'neutral'])).length(3))
    .refine((labels) => new Set(labels).size === 3, 'each of contradiction, entailment, neutral once')
    .default(['contradiction', 'entailment', 'neutral'])
    .describe(
      'nli: the labels of class 0, 1, 2 for a server that answers LABEL_0…LABEL_2, comma-separated, e.g. contradiction,entailment,neutral',
    ),
  EMBEDDING_BASE_URL: z
    .url()
    .optional()
    .describe(
      'an OpenAI-compatible API root serving /embeddings, e.g. http://127.0.0.1:11434/v1 (Ollama); unset: retrieval is lexical only',
    ),
  EMBEDDING_API_KEY: z.string().optional(),
  EMBEDDING_MODEL: z.string().min(1).optional().describe('the embedding model, e.g. nomic-embed-text'),
  EMBEDDING_DIMENSIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(2000)
    .optional()
    .describe(
      'how many numbers the model returns per text, e.g. 768 for nomic-embed-text (at most 2000, the HNSW limit)',
    ),
  EMBEDDING_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(64).describe('chunks per embeddings request'),
  EMBEDDING_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30000)
    .describe('longest one indexing request may take'),
  EMBEDDING_QUERY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(1500)
    .describe('longest the embedding of a question may take before the ask goes on lexically'),
  EMBEDDING_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(4)
    .describe('retries of a failed indexing batch, with backoff; a 429 waits as Retry-After says'),
  METRICS_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: serve Prometheus metrics at GET /metrics (no login: keep the port off the public network)'),
});

export type Env = z.infer<typeof envSchema>;
