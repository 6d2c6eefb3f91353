import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

/**
 * The Express adapter, with the HTTP server making its requests and responses as Express's own from the start.
 *
 * Express gives each request and response its prototype (`app.request`, `app.response`) by changing the
 * prototype of the object Node made. V8 cannot share a hidden class across that change: every request and every
 * response then has one of its own (about 1 KB each, kept for as long as an answer streams), and every read of
 * their properties, Node's own for each write to the response included, takes V8's slowest lookup. Here Node
 * makes them from subclasses whose prototypes extend Express's, and those prototypes become Express's: its
 * change then finds nothing to do, and they share one hidden class each. Subclasses, rather than functions that
 * call Node's constructors on an object of their own: V8 sizes a subclass's objects from its whole constructor
 * chain, so their fields stay inside the object.
 */
export class ExpressBornAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    // HTTPS, and the options that wrap the server: the adapter as it is.
    if (options.httpsOptions || options.return503OnClosing || options.forceCloseConnections) {
      super.initHttpServer(options);
      return;
    }
    const app = this.getInstance<Express>();
    class Request extends IncomingMessage {}
    class Response extends ServerResponse {}
    Object.setPrototypeOf(Request.prototype, app.request);
    Object.setPrototypeOf(Response.prototype, app.response);
    app.request = Request.prototype as unknown as Express['request'];
    app.response = Response.prototype as unknown as Express['response'];
    this.httpServer = createServer({ IncomingMessage: Request, ServerResponse: Response }, app);
  }
}
