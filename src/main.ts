import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './platform/config/app-config.js';
import { DataDirLockedError, DataDirUnusableError } from './platform/database/data-dir-lock.js';

/** Start failures whose message says all a user needs; anything else gets its stack. */
const explained = (error: unknown) =>
  error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DataDirUnusableError;

/**
 * One full collection once the service is up. The start (modules loaded, migrations read, routes scanned, the
 * embedded database opened) leaves 10–25 MiB of garbage in V8's old generation, which an idle service would keep
 * resident until V8's next full collection, minutes later. `gc` exists when node runs with --expose-gc, as
 * scripts/start-service.sh starts it; otherwise nothing is done.
 */
function collectStartGarbage(): void {
  globalThis.gc?.();
}

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.http.port, config.http.host);
  collectStartGarbage();
  new Logger('Bootstrap').log({ message: 'listening', url: await app.getUrl() });
}

bootstrap().catch((error: unknown) => {
  // The logger may not exist yet (a bad environment stops the start before it is built): write plainly.
  const message = explained(error) ? (error as Error).message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
