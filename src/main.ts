import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './config/app-config.js';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.http.port, config.http.host);
  new Logger('Bootstrap').log({ message: 'listening', url: await app.getUrl() });
}

bootstrap().catch((error: unknown) => {
  // The logger may not exist yet (a bad environment stops the start before it is built): write plainly.
  const message = error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
