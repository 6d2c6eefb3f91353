import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePageBuilt, openBrowser, type OpenBrowser } from './browser/support/browser.js';
import { call } from './support/legacy-http.js';
import { ServiceProcess } from './support/service-process.js';

/** A first start creates the embedded database: several seconds. */
const SLOW = 120_000;
const ADMIN_EMAIL = 'admin@localhost.localdomain';

interface LogLine {
  level: string;
  context?: string;
  message: string | { message: string; password?: string };
}

/**
 * The service's very first start, as a user runs it: no variable set, so an admin with a generated password, which
 * the start log shows where it is seen, and which the user is told to change until it is changed.
 */
describe('the first start with no ADMIN_PASSWORD', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'citation-first-start-'));
  let service: ServiceProcess;
  let startLog: LogLine[];
  let password: string;
  let browser: OpenBrowser | undefined;

  beforeAll(async () => {
    ensurePageBuilt();
    service = await ServiceProcess.start({ DATA_DIR: dataDir, SAMPLE_KNOWLEDGE_BASE: 'false' });
    startLog = service.logs
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
    const generated = startLog.find((line) => typeof line.message === 'object' && line.message.password);
    password = (generated!.message as { password: string }).password;
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the start log short, with route mapping and module wiring at debug level, the password its one warning', () => {
    const contexts = startLog.map((line) => line.context);
    expect(contexts).not.toContain('RoutesResolver');
    expect(contexts).not.toContain('RouterExplorer');
    expect(contexts).not.toContain('InstanceLoader');
    expect(startLog.length).toBeLessThan(15);
    const warnings = startLog.filter((line) => line.level !== 'log');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatchObject({
      message: expect.stringContaining('admin created with a generated password') as string,
      email: ADMIN_EMAIL,
    });
  });

  it('tells the admin in /user/config to change the generated password until it is changed', async () => {
    const login = await call<{ token: string }>(service.baseUrl, 'POST', '/auth/login', {
      body: { email: ADMIN_EMAIL, password },
    });
    const token = login.body.data.token;
    const config = await call<Record<string, unknown>>(service.baseUrl, 'GET', '/user/config', { token });
    // The legacy shape is all there, the flag beside it.
    expect(config.body.data).toMatchObject({ passwordChangeRequired: true, contextMsgPairNum: 3 });
    expect(Object.keys(config.body.data.quotaCost as object)).toHaveLength(6);
  });

  it(
    'says so on the page, which changes the password; the notice and the flag are gone for good',
    async () => {
      browser = await openBrowser();
      const { page } = browser;
      await page.goto(service.baseUrl);
      await page.fill('input[name=email]', ADMIN_EMAIL);
      await page.fill('input[name=password]', password);
      await page.click('button[type=submit]');
      const notice = page.locator('[data-testid=password-notice]');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('password the server generated');

      await notice.locator('input[name=oldPassword]').fill(password);
      await notice.locator('input[name=newPassword]').fill('a-password-of-my-own');
      await notice.locator('button[type=submit]').click();
      await notice.waitFor({ state: 'detached' });

      await page.reload();
      await page.waitForSelector('[data-testid=conversations]');
      expect(await page.locator('[data-testid=password-notice]').count()).toBe(0);
      const login = await call<{ token: string }>(service.baseUrl, 'POST', '/auth/login', {
        body: { email: ADMIN_EMAIL, password: 'a-password-of-my-own' },
      });
      const config = await call<Record<string, unknown>>(service.baseUrl, 'GET', '/user/config', {
        token: login.body.data.token,
      });
      expect(config.body.data.passwordChangeRequired).toBe(false);
    },
    SLOW,
  );
});
