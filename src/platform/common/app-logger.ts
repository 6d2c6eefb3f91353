import { ConsoleLogger } from '@nestjs/common';

/**
 * Nest's own start-up chatter: a line per module wired and per route mapped (about 170 lines here). Useful when
 * debugging the wiring, noise otherwise: it buried the one start line a user must read (the admin's generated
 * password). These contexts' `log` lines are written at `debug` level.
 */
const STARTUP_DETAIL_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** The application's logger: Nest's console logger, with Nest's start-up detail moved to `debug`. */
export class AppLogger extends ConsoleLogger {
  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    if (typeof context === 'string' && STARTUP_DETAIL_CONTEXTS.has(context)) this.debug(message, ...rest);
    else super.log(message, ...rest);
  }
}
