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
  CITATION_NUMBERING: z
    .enum(['first-citation', 'retrieval-rank'])
    .default('first-citation')
    .describe('how cited sources get display numbers'),
});

export type Env = z.infer<typeof envSchema>;
