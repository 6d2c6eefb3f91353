import { pageTestbed } from './support/page-testbed.js';

const READER = { email: 'reader@example.test', password: 'a-long-enough-password' };

/** Creating an account from the page's login form. Needs the service's `POST /auth/register`. */
describe('the web page creating an account', () => {
  const bed = pageTestbed({ model: false });

  const register = async (email: string, password: string) => {
    const { page } = bed;
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', password);
    await page.click('button[type=submit]');
  };

  it('says what a password needs when it is too short, and creates no account', async () => {
    const { page } = bed;
    await page.goto(bed.server.baseUrl);
    await page.click('text=No account? Create one');
    await register('short@example.test', 'short');
    const alert = page.locator('.login [role=alert]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('the password needs at least 6 characters');
    // Still on the form, not logged in; and the account does not exist.
    expect(await page.isVisible('[data-testid=conversations]')).toBe(false);
    await expect(bed.server.login('short@example.test', 'short')).rejects.toThrow(/login failed/);
  }, 60_000);

  it('registers a new person and logs them in', async () => {
    const { page } = bed;
    await register(READER.email, READER.password);
    await page.waitForSelector('[data-testid=conversations] li');
    // The page shows the reader logged in: the login form is gone, and logging out is offered.
    expect(await page.locator('form.login').count()).toBe(0);
    expect(await page.isVisible('text=Log out')).toBe(true);
    // The account exists, with the password given, and is the reader's own: not the admin's conversations.
    const token = await bed.server.login(READER.email, READER.password);
    const mine = await fetch(`${bed.server.baseUrl}/conversation/list`, { headers: { Authorization: token } });
    const theirs = await fetch(`${bed.server.baseUrl}/conversation/list`, { headers: { Authorization: bed.token } });
    const uuids = async (response: Response) =>
      ((await response.json()) as { data: { uuid: string }[] }).data.map((conversation) => conversation.uuid);
    const [readerConversations, adminConversations] = await Promise.all([uuids(mine), uuids(theirs)]);
    expect(readerConversations.length).toBeGreaterThan(0);
    expect(readerConversations.filter((uuid) => adminConversations.includes(uuid))).toEqual([]);
    // The page lists the reader's conversations.
    expect(await page.locator('[data-testid=conversations] li').count()).toBe(readerConversations.length);
  }, 90_000);
});
