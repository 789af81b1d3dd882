import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role, type AuditEntry } from '@referrals/shared';
import { ApiError } from '../../api/ApiError';
import type { QueryParams } from '../../api/apiClient';
import { fakeAuth, renderWith, sessionOf } from '../../app/services.testkit';
import { asClient, fakeAdminApi } from '../testing/adminApi.testkit';
import { anEntry, pageOf, serveAuditTopic } from './audit.testkit';
import { AuditLogPage } from './AuditLogPage';

// Days are the viewer's: pinned to a zone that is not UTC, so a day read as UTC would show.
beforeAll(() => {
  vi.stubEnv('TZ', 'America/Chicago');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const Where = () => <output data-testid="where">{useLocation().search}</output>;
const where = () => screen.getByTestId('where').textContent;

/** The screen at a URL over a relay answering GET /api/audit-log with `answer`. */
const show = (url: string, answer: (params: QueryParams) => unknown) => {
  const api = fakeAdminApi({
    'GET /api/audit-log': ({ params }: { params?: QueryParams }) => answer(params ?? {}),
  });
  const r = renderWith(
    <>
      <AuditLogPage />
      <Where />
    </>,
    { api: asClient(api), url, auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')) },
  );
  const asked = () => api.get.mock.calls.map(([, params]) => params);
  return { ...r, api, asked };
};
const table = () => screen.getByRole('table', { name: 'Audit entries' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr') as HTMLElement;

describe('audit log screen', () => {
  it('reads the filters of the address and sends them as the query, days in the viewer zone', async () => {
    const { asked } = show(
      '/admin/audit-log?user=%20jane%20&action=marketplace.update&from=2026-10-31&to=2026-11-02&page=2',
      () =>
        pageOf(
          [
            anEntry(7, {
              actor: 'jane',
              agency: 'Acme Agency',
              action: 'marketplace.update',
              target: 'marketplace 7',
              before: { id: 7, marketplaceName: 'Acme Direct' },
              after: { error: 'refused' },
              outcome: 'refused',
              status: 409,
            }),
          ],
          2,
          26,
        ),
    );
    await screen.findByText('jane');
    const row = rowOf('jane');
    expect(asked()).toEqual([
      {
        user: 'jane',
        action: 'marketplace.update',
        // Chicago's midnights, either side of its clock change; the To day is included, so the
        // query ends when the 3rd begins.
        from: '2026-10-31T05:00:00.000Z',
        to: '2026-11-03T06:00:00.000Z',
        page: 2,
        size: 25,
      },
    ]);
    expect(within(row).getByText('Acme Agency')).toBeTruthy();
    expect(within(row).getByText('Marketplace updated')).toBeTruthy();
    // Named, and a way to it: not 'marketplace 7'.
    const target = within(row).getByRole('link', { name: 'Marketplace Acme Direct' });
    expect(target.getAttribute('href')).toBe('/admin/marketplaces/7');
    expect(within(row).getByText('Refused')).toBeTruthy();
    expect(within(row).getByText('409')).toBeTruthy();
    expect(within(row).getByText('req-7')).toBeTruthy();
    expect(row.querySelector('time')?.getAttribute('datetime')).toBe(anEntry(7).at);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'User' }).value).toBe(' jane ');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(document.title).toBe('Audit Log | Fulcrum');
  });

  it('puts each filter in the address and asks again from page 1', async () => {
    const { asked } = show('/admin/audit-log?page=3', () => pageOf([anEntry(1)], 3, 80));
    await screen.findByText('req-1');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Feature flag created' }));
    await waitFor(() => expect(where()).toBe('?action=featureFlag.create'));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(where()).toBe('?action=featureFlag.create&from=2026-11-20'));

    // Typing waits for a pause: one read for the whole name, not one per key.
    const user = screen.getByRole('textbox', { name: 'User' });
    fireEvent.change(user, { target: { value: 'a' } });
    fireEvent.change(user, { target: { value: 'alice' } });
    await waitFor(() =>
      expect(where()).toBe('?action=featureFlag.create&from=2026-11-20&user=alice'),
    );
    await waitFor(() => expect(asked()).toHaveLength(4));
    expect(asked()).toEqual([
      { page: 3, size: 25 },
      { action: 'featureFlag.create', page: 1, size: 25 },
      { action: 'featureFlag.create', from: '2026-11-20T06:00:00.000Z', page: 1, size: 25 },
      {
        action: 'featureFlag.create',
        from: '2026-11-20T06:00:00.000Z',
        user: 'alice',
        page: 1,
        size: 25,
      },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe(''));
    await waitFor(() => expect(asked().at(-1)).toEqual({ page: 1, size: 25 }));
  });

  it('reads its page again when an entry is recorded, and shows only what the relay answers', async () => {
    let content: AuditEntry[] = [anEntry(1)];
    const { asked, socket } = show('/admin/audit-log?action=featureFlag.update', () =>
      pageOf(content),
    );
    await screen.findByText('req-1');
    const topic = serveAuditTopic(socket);
    // A new base (the subscription's snapshot, as after a reconnect) is read again too.
    await waitFor(() => expect(asked()).toHaveLength(2));

    // An entry the filters exclude: the relay's answer for them is unchanged, so it never shows.
    topic.record(anEntry(2, { action: 'preferences.update' }));
    await waitFor(() => expect(asked()).toHaveLength(3));
    expect(screen.queryByText('req-2')).toBeNull();

    // A burst of writes is read once, when it pauses.
    content = [anEntry(5), anEntry(4), anEntry(3), anEntry(1)];
    topic.record(anEntry(3));
    topic.record(anEntry(4));
    topic.record(anEntry(5));
    expect(await screen.findByText('req-5')).toBeTruthy();
    expect(screen.getByText('req-3')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(asked()).toHaveLength(4);
    expect(new Set(asked().map((p) => JSON.stringify(p)))).toEqual(
      new Set([JSON.stringify({ action: 'featureFlag.update', page: 1, size: 25 })]),
    );
  });

  it('pages with Previous and Next through the address', async () => {
    const { asked } = show('/admin/audit-log?user=bob', (p) =>
      pageOf([anEntry(Number(p.page))], Number(p.page), 60),
    );
    await screen.findByText('req-1');
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
    const previous = screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' });
    expect(screen.getByText('Showing 1 to 25 of 60 results')).toBeTruthy();
    expect([previous.disabled, next.disabled]).toEqual([true, false]);

    fireEvent.click(next);
    await screen.findByText('req-2');
    fireEvent.click(next);
    await screen.findByText('req-3');
    expect(where()).toBe('?user=bob&page=3');
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByText('Showing 51 to 60 of 60 results')).toBeTruthy();
    expect([previous.disabled, next.disabled]).toEqual([false, true]);

    fireEvent.click(previous);
    await screen.findByText('req-2');
    expect(asked().map((p) => p?.page)).toEqual([1, 2, 3, 2]);
  });

  it('says when no entry matches', async () => {
    show('/admin/audit-log?user=nobody', () => pageOf([]));
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
    expect(screen.getByText('No results found')).toBeTruthy();
  });

  it('names the problems of an address the relay would refuse, and asks nothing', async () => {
    const { asked } = show('/admin/audit-log?action=drop&from=2026-11-05&to=2026-11-04', () =>
      pageOf([]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('action must be one of');
    expect(alert.textContent).toContain('from must be before to');
    expect(asked()).toEqual([]);
    expect(screen.queryByText('No audit entries match these filters.')).toBeNull();
  });

  it('shows a failed read with a toast and tries again on request', async () => {
    let fail = true;
    const { asked } = show('/admin/audit-log', () => {
      if (fail) throw new ApiError(503, 'the audit log is unavailable');
      return pageOf([anEntry(4)]);
    });
    expect(
      await screen.findByText('Failed to retrieve the audit log: the audit log is unavailable.'),
    ).toBeTruthy();
    expect(screen.getByText('The audit log could not be read.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('req-4')).toBeTruthy();
    expect(asked()).toHaveLength(2);
  });

  it('opens an entry to show the fields it changed and both states', async () => {
    show('/admin/audit-log', () => pageOf([anEntry(5)]));
    const open = await screen.findByRole('button', { name: 'Show before and after of entry 5' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const changes = screen.getByRole('table', { name: 'Changes of entry 5' });
    const [, row] = within(changes).getAllByRole('row');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['enabled', 'false', 'true']);
    const states = screen.getAllByText(/"name": "flag-5"/, { selector: 'pre' });
    expect(states.map((s) => s.textContent?.includes('"enabled": true'))).toEqual([false, true]);
    expect(open.getAttribute('aria-expanded')).toBe('true');
  });
});
