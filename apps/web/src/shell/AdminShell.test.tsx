import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth as viewport } from '../testing/viewport.testkit';
import AdminShell from './AdminShell';

const show = () =>
  renderWith(
    <Routes>
      <Route path="/admin" element={<AdminShell />}>
        <Route path="all-referrals" element={<h1>All referrals screen</h1>} />
        <Route path="marketplaces" element={<h1>Marketplaces screen</h1>} />
      </Route>
    </Routes>,
    {
      api: fakeApi(),
      auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
      url: '/admin/all-referrals',
    },
  );

const menuButton = () => screen.findByRole('button', { name: 'Open navigation' });
const navigation = () => screen.queryByRole('navigation', { name: 'Console' });

afterEach(() => viewport(DEFAULT_VIEWPORT_WIDTH));

describe('admin shell navigation', () => {
  it.each([390, 820])(
    'opens from the menu button at %i px and closes on a choice',
    async (width) => {
      viewport(width);
      show();
      await screen.findByRole('heading', { name: 'All referrals screen' });
      expect(navigation()).toBeNull();
      fireEvent.click(await menuButton());
      const nav = await waitFor(() => navigation() as HTMLElement);
      fireEvent.click(within(nav).getByRole('link', { name: 'Marketplaces' }));
      expect(await screen.findByRole('heading', { name: 'Marketplaces screen' })).toBeTruthy();
      await waitFor(() => expect(navigation()).toBeNull());
    },
  );

  it('closes on Escape', async () => {
    viewport(390);
    show();
    fireEvent.click(await menuButton());
    const nav = await waitFor(() => navigation() as HTMLElement);
    act(() => {
      fireEvent.keyDown(nav, { key: 'Escape' });
    });
    await waitFor(() => expect(navigation()).toBeNull());
  });

  it('keeps the side navigation in place, without a menu button, from 900 px', async () => {
    viewport(1024);
    show();
    await screen.findByRole('heading', { name: 'All referrals screen' });
    expect(navigation()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
  });
});
