import { Logger } from '@nestjs/common';
import pg from 'pg';

export interface ChannelHandlers {
  /** A notification arrived on one of the channels. */
  notified(channel: string, payload: string): void;
  /** The listener is (again) connected: notifications sent while it was not were lost. */
  connected(): void;
  /** The connection was lost: until `connected`, notifications are lost. */
  disconnected(): void;
}

/**
 * One PostgreSQL connection that LISTENs on a few channels for as long as the application runs, and reconnects
 * (every second) when it loses the server, telling its owner so, since what was sent meanwhile is gone.
 */
export class PgChannelListener {
  private readonly logger = new Logger(PgChannelListener.name);
  private client: pg.Client | undefined;
  private closing = false;

  constructor(
    private readonly url: string,
    private readonly channels: readonly string[],
    private readonly handlers: ChannelHandlers,
  ) {}

  /** Resolves once listening, or once the first attempt failed (the listener then keeps trying). */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => this.handlers.notified(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      this.logger.warn({ message: 'notification listener lost its connection', reason: error.message });
      this.lost(client);
    });
    try {
      await client.connect();
      await client.query(this.channels.map((channel) => `LISTEN ${channel}`).join('; '));
      this.client = client;
      this.handlers.connected();
    } catch (error) {
      this.logger.warn({ message: 'notification listener could not connect', reason: String(error) });
      this.lost(client);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.client?.end().catch(() => undefined);
  }

  private lost(client: pg.Client): void {
    if (this.client === client) this.client = undefined;
    this.handlers.disconnected();
    void client.end().catch(() => undefined);
    if (!this.closing) setTimeout(() => void this.start(), 1000).unref();
  }
}
