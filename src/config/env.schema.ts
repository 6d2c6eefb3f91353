import { z } from 'zod';

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
  METRICS_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: serve Prometheus metrics at GET /metrics (no login: keep the port off the public network)'),
});

export type Env = z.infer<typeof envSchema>;
