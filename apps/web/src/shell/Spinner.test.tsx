import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { InShellContext, Spinner } from './Spinner';

const show = (url: string, inShell = false) =>
  renderWith(
    <InShellContext.Provider value={inShell}>
      <Spinner />
    </InShellContext.Provider>,
    { api: fakeApi(), auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')), url },
  );

const bones = (status: HTMLElement) => status.querySelectorAll('.MuiSkeleton-root').length;

describe('the loading outline', () => {
  it("outlines the console's shell and a list on a console address, with no spinner", () => {
    show('/admin/all-referrals');
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The navigation's bones and the list's.
    expect(bones(status)).toBeGreaterThan(12);
  });

  it('outlines only the list under the shell, which is on screen already', () => {
    show('/admin/all-referrals', true);
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(bones(status)).toBe(12);
  });
});
