import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { bought } from '../acquired/acquired.testkit';
import { consoleAt } from '../app/console.testkit';
import PublicFeedPage from '../public/PublicFeedPage';
import { fakeApi, renderWith } from '../app/services.testkit';

/** A relay answer the test gives when it wants to. */
const deferred = <T,>() => {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

const PAGE = { seq: 1, content: [bought(7)], totalElements: 1 };
const footer = () => screen.getByRole('navigation', { name: 'Pages' });
const button = (name: string) =>
  screen.getAllByRole('button', { name }).find((b) => footer().contains(b)) as HTMLButtonElement;

/** Before the first answer the footer says it is loading, then counts what came. */
const expectLoadingThenCount = async (answer: (page: typeof PAGE) => void) => {
  await waitFor(() => expect(footer().textContent).toContain('Loading referrals…'));
  expect(footer().textContent).not.toContain('Showing 0 to 0 of 0');
  expect(button('Previous').disabled).toBe(true);
  expect(button('Next').disabled).toBe(true);
  act(() => answer(PAGE));
  await waitFor(() => expect(footer().textContent).toContain('Showing 1 to 1 of 1 Referrals'));
  expect(footer().textContent).not.toContain('Loading');
};

describe('the paging footer before the first answer', () => {
  it.each([
    [
      'the all-referrals list',
      '/admin/all-referrals',
      Role.CONSOLE_ADMIN,
      'admin',
      '/api/referrals',
    ],
    [
      'the in-appetite list',
      '/admin/all-referrals',
      Role.CONSOLE_PRODUCER,
      'producer',
      '/api/referrals',
    ],
    [
      'Acquired Referrals',
      '/admin/purchased-referrals',
      Role.CONSOLE_PRODUCER,
      'producer',
      '/api/acquired',
    ],
    [
      'Claim-It Transactions',
      '/admin/purchased-referrals',
      Role.CONSOLE_ADMIN,
      'admin',
      '/api/acquired',
    ],
    [
      'the recent referrals',
      '/admin/recent-opportunities',
      Role.CONSOLE_CARRIER,
      'carrier',
      '/api/referrals',
    ],
  ] as const)('of %s says it is loading, not 0 of 0', async (_name, url, role, user, path) => {
    const page = deferred<typeof PAGE>();
    consoleAt(url, role, user, { [path]: page.promise });
    await expectLoadingThenCount(page.resolve);
  });

  it('of the public feed says it is loading, not 0 of 0', async () => {
    const page = deferred<typeof PAGE>();
    const api = fakeApi({ '/api/public/referrals': page.promise });
    renderWith(<PublicFeedPage />, { api, url: '/public-referrals' });
    await expectLoadingThenCount(page.resolve);
  });
});
