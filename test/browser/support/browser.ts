import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ADMIN } from '../../support/app.js';

/** Debian's Chromium (`apt-get install chromium`); nothing downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Builds the page into dist/web unless it is there (`npm run check` builds it fresh before the tests). */
export function ensurePageBuilt(): void {
  if (existsSync(join(ROOT, 'dist', 'web', 'index.html'))) return;
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

/** The browser's usual window: a desktop's. */
export const DESKTOP_VIEWPORT = { width: 1180, height: 900 };

export interface OpenBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile, quiet: no sync, no component updates, no background requests. */
export async function openBrowser(): Promise<OpenBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'citation-stream-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: DESKTOP_VIEWPORT,
    locale: 'en-US',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the page and logs in as the tests' admin. */
export async function logIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(baseUrl);
  await page.fill('input[name=email]', ADMIN.email);
  await page.fill('input[name=password]', ADMIN.password);
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=conversations] li');
}

/** Asks in the conversation shown. */
export async function askInPage(page: Page, question: string): Promise<void> {
  await page.fill('textarea[name=prompt]', question);
  await page.click('[data-testid=ask]');
}

/** The newest answer on the page. */
export const LAST_ANSWER = '[data-testid=turns] .turn:last-child [data-testid=answer]';

/** Waits until the newest answer has finished. */
export async function answerDone(page: Page): Promise<void> {
  await page.waitForSelector(`${LAST_ANSWER}[data-status=done]`);
}

/** Each paragraph of the newest answer: its text (without its numbers) and its citation numbers. */
export function paragraphsOf(page: Page): Promise<{ text: string; numbers: string[] }[]> {
  return page.$$eval(`${LAST_ANSWER} [data-testid=paragraph]`, (paragraphs) =>
    paragraphs.map((paragraph) => ({
      text: paragraph.firstChild?.textContent ?? '',
      numbers: [...paragraph.querySelectorAll('[data-testid=citation-number]')].map((n) => n.textContent ?? ''),
    })),
  );
}
