import type { Browser } from '@playwright/test';
import { panelOf, shootLooks } from '../src/axeScreens.js';
import {
  availableReferral,
  claimInPanel,
  expect,
  referralRow,
  signIn,
  stack,
  test,
} from '../src/fixtures.js';

/**
 * A return carries its evidence: the producer works a bought referral (a status change, a
 * contact attempt, a note), sees the countdown of its return window, asks for the return with
 * the timeline pre-filled, and the admin's queue shows that timeline beside the reason, as sent.
 * Screenshots of each screen at 1440 and 390 px, light and dark, go to the test's output folder,
 * each checked with axe-core.
 */

/** A user's own browser, signed in, with the bearer token the console sends the relay. */
async function consoleOf(browser: Browser, username: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  let bearer = '';
  page.on('request', (r) => {
    const a = r.headers().authorization;
    if (a?.startsWith('Bearer ')) bearer = a;
  });
  await signIn(page, username, path);
  await expect.poll(() => bearer).not.toBe('');
  return { page, context, bearer: () => bearer };
}

test('a return request carries its timeline, and the admin sees it beside the reason', async ({
  browser,
}) => {
  // Two users and twenty-four screenshots (three widths, two modes), each checked with axe.
  test.setTimeout(240_000);
  const made = await availableReferral({
    city: 'Fredericksburg',
    firstName: 'Esther',
    lastName: 'Jarndyce',
    phone: '8305550188',
    email: 'jarndyce@example.com',
  });
  const id = made.opportunityId;
  const producer = await consoleOf(browser, 'producer', '/admin/all-referrals?state=TX');
  const { page } = producer;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'All Referrals' }).click();
  await referralRow(page, id).click();
  const panel = panelOf(page, id);
  await claimInPanel(page, panel);

  // Just bought: the whole window is left, counted by the relay from the claim.
  const window = panel.getByRole('timer', { name: 'Return window' });
  await expect(window).toHaveText(/^6 days 23 hours left to request a return \(until .+\)\.$/);

  // Work it: a status change, a contact attempt and a note in one save.
  await panel.getByRole('combobox', { name: 'Progress' }).click();
  await page.getByRole('option', { name: 'In Progress' }).click();
  await panel.getByRole('combobox', { name: 'Log contact attempt' }).click();
  await page.getByRole('option', { name: 'Call, disconnected or wrong number' }).click();
  await panel.getByRole('textbox', { name: 'Add note' }).fill('Disconnected tone, twice.');
  await panel.getByRole('button', { name: 'Save' }).click();
  const history = panel.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveText([
    /producer · .*Progress: Open → In Progress$/,
    /producer · .*Contact attempt: Call, disconnected or wrong number$/,
    /producer · .*Disconnected tone, twice\.$/,
  ]);
  await shootLooks(page, 'pipeline-countdown', window);

  // The request form is pre-filled with that timeline, every entry ticked.
  await panel.getByRole('button', { name: 'Request return' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request return' });
  await expect(dialog.getByText('Evidence: 3 of 3 timeline entries')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Disconnected or wrong number' }).click();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Both numbers on file are dead.');
  await shootLooks(page, 'return-dialog', dialog);
  await dialog.getByRole('button', { name: 'Request return' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText('Return requested by producer');
  await expect(panel.getByRole('button', { name: 'Request return' })).toHaveCount(0);

  // What was stored is what the form showed, with its times.
  const api = (path: string) => `${stack().baseUrl}${path}`;
  const mine = await page.request.get(api('/api/returns?state=requested&size=100'), {
    headers: { authorization: producer.bearer() },
  });
  type Entry = { kind: string; at: string; by: string };
  const request = (
    (await mine.json()) as { content: { referralId: number; evidence: Entry[] | null }[] }
  ).content.find((r) => r.referralId === id);
  expect(request?.evidence?.map((e) => e.kind)).toEqual(['status', 'contact', 'note']);
  for (const e of request?.evidence ?? []) expect(Date.parse(e.at)).toBeGreaterThan(0);

  // A later note does not change what the admin sees.
  await panel.getByRole('textbox', { name: 'Add note' }).fill('Written after the request.');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(4);

  const admin = await consoleOf(browser, 'admin', '/admin/returns');
  await admin.page.setViewportSize({ width: 1440, height: 900 });
  const queued = admin.page.getByRole('row', { name: new RegExp(`#${id}\\b`) }).first();
  await expect(queued).toContainText('Disconnected or wrong number');
  await queued.getByRole('button', { name: `Show the evidence of referral #${id}` }).click();
  await expect(
    admin.page.getByText('Sent with the request: 1 contact attempt · 1 status change · 1 note'),
  ).toBeVisible();
  const evidence = admin.page.getByRole('list', { name: `Evidence of referral #${id}` });
  await expect(evidence.getByRole('listitem')).toHaveText([
    /producer · .*Progress: Open → In Progress$/,
    /producer · .*Contact attempt: Call, disconnected or wrong number$/,
    /producer · .*Disconnected tone, twice\.$/,
  ]);
  await shootLooks(admin.page, 'admin-returns', evidence);
  await admin.context.close();
  await producer.context.close();
});

test('past its window, a purchase says the window closed and offers no return', async ({
  browser,
}) => {
  const producer = await consoleOf(browser, 'producer', '/admin/purchased-referrals');
  const { page } = producer;
  await page.setViewportSize({ width: 1440, height: 900 });
  // The seeded market holds Lone Star purchases from the last 30 days: open the oldest.
  await page.getByRole('combobox', { name: 'Date' }).click();
  await page.getByRole('option', { name: 'Last 30 Days' }).click();
  await page.getByRole('columnheader', { name: /Acquired/ }).click();
  const oldest = page.getByRole('row').nth(1);
  await expect(oldest).not.toContainText('Today');
  // On its name: the middle of the row is its phone number, a link of its own.
  await oldest.getByRole('gridcell').nth(1).click();
  const panel = page.getByRole('region', { name: /referral #\d+/ });
  const window = panel.getByRole('timer', { name: 'Return window' });
  await expect(window).toHaveText(
    /^The return window closed on .+ \(7 days after the purchase\)\.$/,
  );
  await expect(panel.getByRole('button', { name: 'Request return' })).toHaveCount(0);
  await shootLooks(page, 'pipeline-closed', window);
  await producer.context.close();
});
