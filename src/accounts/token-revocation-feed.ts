import { Logger } from '@nestjs/common';
import pg from 'pg';

/**
 * The channel every instance hears a user's revoked tokens on, and any change to the user's row (a trigger of the
 * user table notifies it); the payload is the user's id.
 */
export const TOKEN_REVOKED_CHANNEL = 'adi_token_revoked';

/**
 * Hears, over PostgreSQL LISTEN, the tokens any instance revokes and the users whose row changed, so that each
 * instance drops them from its cache of resolved tokens. While the connection is down, `live` is false:
 * notifications may be missed then, so the cache must not be trusted; `onResumed` is called each time the listener
 * is back, to forget what was cached before the gap.
 */
export class TokenRevocationFeed {
  private readonly logger = new Logger(TokenRevocationFeed.name);
  private client: pg.Client | undefined;
  private closing = false;

  constructor(
    private readonly url: string,
    private readonly onRevoked: (userId: string) => void,
    private readonly onResumed: () => void,
  ) {}

  get live(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => this.onRevoked(message.payload ?? ''));
    client.on('error', (error) => {
      this.logger.warn({ message: 'token revocation listener lost its connection', reason: error.message });
      this.client = undefined;
      void client.end().catch(() => undefined);
      this.restart();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${TOKEN_REVOKED_CHANNEL}`);
      this.onResumed();
      this.client = client;
    } catch (error) {
      this.logger.warn({ message: 'token revocation listener could not connect', reason: String(error) });
      void client.end().catch(() => undefined);
      this.restart();
    }
  }

  async stop(): Promise<void> {
    this.closing = true;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private restart(): void {
    if (this.closing) return;
    setTimeout(() => void this.start(), 1000).unref();
  }
}
