import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { AppRoutes } from '../../app/AppRoutes';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../../app/services.testkit';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from '../../testing/viewport.testkit';

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

/** The whole console at a URL for a role, wide enough for the side navigation to stay open. */
const at = (url: string, role: Role, username: string) => {
  setViewportWidth(DEFAULT_VIEWPORT_WIDTH);
  return renderWith(
    <>
      <AppRoutes />
      <Where />
    </>,
    {
      api: fakeApi({
        '/api/audit-log': { page: 1, size: 25, totalElements: 0, totalPages: 0, content: [] },
      }),
      auth: fakeAuth(sessionOf(role, username)),
      url,
    },
  );
};
const nav = () => screen.findByRole('navigation', { name: 'Console' });

// The data router loads screens lazily: a cold run may take a few seconds (as in AppRoutes.test).
describe('the Audit Log route', () => {
  it("is an admin's Developer entry and opens the screen", async () => {
    at('/admin/audit-log', Role.CONSOLE_ADMIN, 'admin');
    expect(
      await screen.findByRole('heading', { name: 'Audit Log', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    const developer = within(await nav()).getByRole('list', { name: 'Developer' });
    const links = within(developer).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Feature Flags',
      'Audit Log',
      'Dynamic Phone',
      'Page Tagging',
    ]);
    expect(links[1]?.getAttribute('href')).toBe('/admin/audit-log');
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
  });

  it.each([
    ['an agency admin', Role.CONSOLE_AGENCY_ADMIN],
    ['a producer', Role.CONSOLE_PRODUCER],
    ['a carrier', Role.CONSOLE_CARRIER],
  ])('is neither shown to %s nor opened for them', async (_who, role) => {
    at('/admin/audit-log', role, 'someone');
    await waitFor(
      () => expect(screen.getByTestId('where').textContent).toBe('/admin/all-referrals'),
      {
        timeout: 15_000,
      },
    );
    expect(within(await nav()).queryByRole('link', { name: 'Audit Log' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Audit Log' })).toBeNull();
  });
});
