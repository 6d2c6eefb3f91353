import type { NumberingMode } from '../citation/numbering.js';
import { envSchema } from './env.schema.js';

/** The service's configuration, typed and grouped; built from the environment once, at boot. */
export interface AppConfig {
  http: { port: number; host: string };
  log: { level: 'fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose'; format: 'json' | 'text' };
  citation: { numbering: NumberingMode };
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
}

/** Parses the environment; throws a {@link ConfigError} naming every bad variable and how to fix it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
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
    http: { port: e.PORT, host: e.HOST },
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT },
    citation: { numbering: e.CITATION_NUMBERING },
  };
}
