import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Role } from '@referrals/shared';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from '../testing/viewport.testkit';
import { AppRoutes } from './AppRoutes';
import { fakeApi, fakeAuth, renderWith, sessionOf } from './services.testkit';

/** Shows where the router is, for a test to read. */
const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

/**
 * The whole console at a URL for a role, wide enough for the side navigation to stay open, with
 * the relay answering `answers` by path.
 */
export const consoleAt = (
  url: string,
  role: Role,
  username: string,
  answers: Record<string, unknown> = {},
) => {
  setViewportWidth(DEFAULT_VIEWPORT_WIDTH);
  return renderWith(
    <>
      <AppRoutes />
      <Where />
    </>,
    { api: fakeApi(answers), auth: fakeAuth(sessionOf(role, username)), url },
  );
};

/** The console's side navigation. */
export const consoleNav = () => screen.findByRole('navigation', { name: 'Console' });
