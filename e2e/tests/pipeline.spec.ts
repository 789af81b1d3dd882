import type { Browser, Page } from '@playwright/test';
import {
  availableReferral,
  claimInPanel,
  expect,
  referralRow,
  signIn,
  stack,
  test,
} from '../src/fixtures.js';

/** A user's own browser, signed in, with the bearer token the console sends the relay. */
async function consoleOf(browser: Browser, username: string, path: string) {
  const context = await browser.newContext({ acceptDownloads: true });
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

/** The Acquired Referrals row of a referral, by its buyer's last name. */
const acquiredRow = (page: Page, lastName: string) =>
  page.getByRole('row', { name: new RegExp(lastName) });

/** The details panel of a referral. */
const panelOf = (page: Page, id: number) =>
  page.getByRole('region', { name: new RegExp(`referral #${id}\\b`) });

/**
 * A fresh Texas referral that the producer claims through the console (Claim Now, Confirm), then
 * finds in Acquired Referrals. Returns the producer's console on that list.
 */
async function boughtByProducer(browser: Browser, lastName: string) {
  const made = await availableReferral({
    city: 'Fredericksburg',
    firstName: 'Delphine',
    lastName,
    phone: '8305550177',
    email: `${lastName.toLowerCase()}@example.com`,
  });
  const id = made.opportunityId;
  const producer = await consoleOf(browser, 'producer', '/admin/all-referrals?state=TX');
  const { page } = producer;
  await page.getByRole('button', { name: 'All Referrals' }).click();
  await referralRow(page, id).click();
  await claimInPanel(page, panelOf(page, id));
  await expect(panelOf(page, id)).toContainText(lastName);
  await page.goto(`${stack().baseUrl}/admin/purchased-referrals`);
  await expect(acquiredRow(page, lastName)).toContainText('Open');
  return { ...producer, id };
}

/** Closes a referral's details panel (a modal: the list behind it is hidden from the page's roles). */
const closePanel = (page: Page, id: number) =>
  panelOf(page, id).getByRole('button', { name: 'Close details' }).click();

/** Moves a referral to a progress status in its open details panel, and saves. */
async function moveTo(page: Page, id: number, status: string) {
  const panel = panelOf(page, id);
  await panel.getByRole('combobox', { name: 'Progress' }).click();
  await page.getByRole('option', { name: status }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/acquired/${id}/pipeline`) && r.request().method() === 'PUT',
  );
  await panel.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
}

/** RFC 4180 rows of a CSV text (quoted cells may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted && c === '"' && text.charAt(i + 1) === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

test.describe('the pipeline of a bought referral', () => {
  test('a producer moves it to Quote Sent and a colleague of the same agency sees it at once', async ({
    browser,
  }) => {
    const producer = await boughtByProducer(browser, 'Quimby');
    const colleague = await consoleOf(browser, 'agencyadmin', '/admin/purchased-referrals');
    const seen = acquiredRow(colleague.page, 'Quimby');
    await expect(seen).toContainText('Open');

    await acquiredRow(producer.page, 'Quimby').click();
    await moveTo(producer.page, producer.id, 'Quote Sent');
    // No reload: the colleague's list follows the agency's pipeline topic.
    await expect(seen).toContainText('Quote Sent', { timeout: 5_000 });
    await closePanel(producer.page, producer.id);
    await expect(acquiredRow(producer.page, 'Quimby')).toContainText('Quote Sent');

    // The colleague's open panel follows too.
    await seen.click();
    const panel = panelOf(colleague.page, producer.id);
    await expect(panel.getByRole('combobox', { name: 'Progress' })).toHaveText('Quote Sent');
    await acquiredRow(producer.page, 'Quimby').click();
    await moveTo(producer.page, producer.id, 'Bound');
    await expect(panel.getByRole('combobox', { name: 'Progress' })).toHaveText('Bound', {
      timeout: 5_000,
    });
    await colleague.context.close();
    await producer.context.close();
  });

  test('an agent of another agency can neither see it nor change it', async ({ browser }) => {
    const producer = await boughtByProducer(browser, 'Ravenscroft');
    const other = await consoleOf(browser, 'fulcrum', '/admin/purchased-referrals');
    const api = (path: string) => `${stack().baseUrl}${path}`;
    const headers = { authorization: other.bearer() };

    const read = await other.page.request.get(api(`/api/acquired/${producer.id}/pipeline`), {
      headers,
    });
    expect(read.status()).toBe(403);
    const write = await other.page.request.put(api(`/api/acquired/${producer.id}/pipeline`), {
      headers,
      data: { version: 0, status: 'Unable to Service', followUpOn: null },
    });
    expect(write.status()).toBe(403);
    const batch = await other.page.request.get(api(`/api/acquired/pipelines?ids=${producer.id}`), {
      headers,
    });
    expect(((await batch.json()) as { items: unknown[] }).items).toEqual([]);
    await expect(other.page.getByRole('heading', { name: 'Acquired Referrals' })).toBeVisible();
    await expect(acquiredRow(other.page, 'Ravenscroft')).toHaveCount(0);

    // Nothing changed for the buyer.
    const mine = await producer.page.request.get(api(`/api/acquired/${producer.id}/pipeline`), {
      headers: { authorization: producer.bearer() },
    });
    expect(((await mine.json()) as { status: string; version: number }).status).toBe('Open');
    await other.context.close();
    await producer.context.close();
  });

  test('the CSV export downloads the filtered list and parses', async ({ browser }) => {
    const producer = await boughtByProducer(browser, 'Sowerberry');
    const { page, id } = producer;
    await acquiredRow(page, 'Sowerberry').click();
    await moveTo(page, id, 'Quote Sent');
    await closePanel(page, id);

    await page.getByRole('combobox', { name: 'Progress' }).click();
    await page.getByRole('option', { name: 'Quote Sent' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/[?&]progress=Quote(\+|%20)Sent/);
    const download = page.waitForEvent('download');
    const asked = page.waitForRequest((r) => r.url().includes('/api/acquired/export.csv'));
    await page.getByRole('button', { name: 'Export' }).click();
    expect(new URL((await asked).url()).searchParams.get('progress')).toBe('Quote Sent');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^acquired-referrals-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await (await import('node:fs/promises')).readFile(await file.path(), 'utf8'))
      // The byte-order mark that tells a spreadsheet it is UTF-8.
      .replace(/^\uFEFF/, '');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'Acquired',
      'Type',
      'Name',
      'Phone',
      'Email',
      'City',
      'State',
      'Category',
      'Line of Business',
      'Progress',
      'Follow-up',
    ]);
    const ours = rows.find((r) => r[2] === 'Delphine Sowerberry');
    expect(ours).toBeDefined();
    expect(ours?.[3]).toBe('8305550177');
    expect(ours?.[9]).toBe('Quote Sent');
    expect(ours?.[0]).toMatch(/^\d{4}-\d{2}-\d{2}/);
    // The filter was applied: every row is a Quote Sent one.
    expect(rows.every((r) => r[9] === 'Quote Sent')).toBe(true);
    await producer.context.close();
  });

  test('a return requested by the producer and approved by the admin is seen by both', async ({
    browser,
  }) => {
    const producer = await boughtByProducer(browser, 'Tulkinghorn');
    const { page, id } = producer;
    await acquiredRow(page, 'Tulkinghorn').click();
    const panel = panelOf(page, id);
    await panel.getByRole('button', { name: 'Request return' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request return' });
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Disconnected or wrong number' }).click();
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel).toContainText('Return requested by producer');
    await closePanel(page, id);
    await expect(acquiredRow(page, 'Tulkinghorn')).toContainText('Return requested');

    const admin = await consoleOf(browser, 'admin', '/admin/returns');
    await expect(admin.page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
    const queued = admin.page.getByRole('row', { name: new RegExp(`#${id}\\b`) });
    await expect(queued).toContainText('Disconnected or wrong number');
    await queued.getByRole('button', { name: `Approve the return of referral #${id}` }).click();
    const decide = admin.page.getByRole('dialog', { name: new RegExp(`Approve the return`) });
    await decide.getByRole('textbox', { name: 'Comment' }).fill('Number is disconnected.');
    await decide.getByRole('button', { name: 'Approve' }).click();
    await expect(queued).toHaveCount(0);
    await admin.page.getByRole('combobox', { name: 'State' }).click();
    await admin.page.getByRole('option', { name: 'Approved' }).click();
    await expect(queued).toContainText('Number is disconnected.');

    // The producer sees the decision live in the list, and then in the panel.
    await expect(acquiredRow(page, 'Tulkinghorn')).toContainText('Returned · credit $');
    await acquiredRow(page, 'Tulkinghorn').click();
    await expect(panel).toContainText('Return approved, credit $');
    await expect(panel).toContainText('Number is disconnected.');
    await expect(panel.getByRole('button', { name: 'Request return' })).toHaveCount(0);
    await admin.context.close();
    await producer.context.close();
  });
});
