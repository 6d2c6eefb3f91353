import type { Page } from 'playwright-core';
import { CitationClient } from '../../../packages/client/src/index.js';
import { ADMIN, startApp, startWithModel, type RunningApp } from '../../support/app.js';
import { FakeOpenAi } from '../../support/fake-openai.js';
import { offerMoreSources } from '../../client/support/scripted-answer.js';
import { ensurePageBuilt, logIn, openBrowser, type OpenBrowser } from './browser.js';

/** What a browser test works with, filled in by its `beforeAll`. */
export interface PageTestbed {
  /** The local model server the service answers with. */
  readonly fake: FakeOpenAi;
  server: RunningApp;
  /** The admin's token, and the admin's first conversation. */
  token: string;
  conversation: string;
  /** The client library, logged in as the admin: for what a test prepares outside the page. */
  client: CitationClient;
  browser: OpenBrowser;
  page: Page;
}

export interface PageTestbedOptions {
  /** The service's environment, over many questions a minute. */
  env?: Record<string, string>;
  /** False: the service answers without a model server (its offline provider). True unless given. */
  model?: boolean;
  /** Runs once the service is up, before Chromium starts: knowledge bases, earlier answers. */
  prepare?: (bed: PageTestbed) => Promise<void>;
  /** Opens the page and logs in as the admin before the first test. */
  loggedIn?: boolean;
}

/**
 * The setup every browser test shares, registered as the calling `describe`'s `beforeAll` and `afterAll`: the
 * built page, the real service on a database of its own with a fake model, the admin logged in through the
 * client library, headless Chromium. Each test keeps its own assertions.
 */
export function pageTestbed(options: PageTestbedOptions = {}): PageTestbed {
  const bed = { fake: new FakeOpenAi() } as PageTestbed;
  const withModel = options.model ?? true;
  beforeAll(async () => {
    ensurePageBuilt();
    const env = { ASK_RATE_LIMIT_PER_MINUTE: '1000', ...options.env };
    if (withModel) {
      Object.assign(bed, await startWithModel(bed.fake, env));
    } else {
      bed.server = await startApp(env);
      bed.token = await bed.server.login();
      bed.conversation = await bed.server.firstConversation(bed.token);
    }
    bed.client = new CitationClient({ baseUrl: bed.server.baseUrl });
    await bed.client.login(ADMIN.email, ADMIN.password);
    await options.prepare?.(bed);
    bed.browser = await openBrowser();
    bed.page = bed.browser.page;
    if (options.loggedIn) await logIn(bed.page, bed.server.baseUrl);
  }, 180_000);

  afterAll(async () => {
    await bed.browser?.close();
    await bed.server?.close();
    if (withModel) await bed.fake.stop();
  });
  return bed;
}

/** A `prepare`: the knowledge base of the admin's first conversation offers more sources (see offerMoreSources). */
export async function moreSources(bed: PageTestbed): Promise<void> {
  const [first] = await bed.client.listConversations();
  await offerMoreSources(bed.client, first!.kbIds[0]!);
}
