import { startApp, type RunningApp } from '../support/app.js';
import { ensurePageBuilt, openBrowser, type OpenBrowser } from './support/browser.js';

/** Creating an account from the page's login form. Needs the service's `POST /auth/register`. */
describe('the web page creating an account', () => {
  let server: RunningApp;
  let browser: OpenBrowser;

  beforeAll(async () => {
    ensurePageBuilt();
    server = await startApp({});
    browser = await openBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('registers a new person and logs them in', async () => {
    const { page } = browser;
    await page.goto(server.baseUrl);
    await page.click('text=No account? Create one');
    await page.fill('input[name=email]', 'reader@example.test');
    await page.fill('input[name=password]', 'a-long-enough-password');
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=conversations] li');
  }, 90_000);
});
