import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { SideNav } from './SideNav';

const show = (url: string) => {
  const session = sessionOf(Role.CONSOLE_ADMIN, 'admin');
  renderWith(<SideNav access={session.access} />, { api: fakeApi(), auth: fakeAuth(session), url });
  return screen.getByRole('navigation', { name: 'Console' });
};

describe('the side navigation', () => {
  it('marks only the chosen item current among those without a screen', () => {
    const nav = show('/admin/not-implemented?item=users');
    const current = within(nav)
      .getAllByRole('link')
      .filter((l) => l.getAttribute('aria-current') === 'page');
    expect(current.map((l) => l.textContent)).toEqual(['UsersSoon']);
  });

  it('gives each item without a screen its own address, marked Soon', () => {
    const nav = show('/admin/all-referrals');
    const users = within(nav).getByRole('link', { name: /^Users/ });
    const reviews = within(nav).getByRole('link', { name: /^Reviews/ });
    expect(users.getAttribute('href')).toBe('/admin/not-implemented?item=users');
    expect(reviews.getAttribute('href')).toBe('/admin/not-implemented?item=reviews');
    expect(within(users).getByText('Soon')).toBeTruthy();
  });
});
