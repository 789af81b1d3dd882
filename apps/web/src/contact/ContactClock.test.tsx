import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type ContactClock } from '@referrals/shared';
import { AcquiredPage } from '../acquired/AcquiredPage';
import { bought } from '../acquired/acquired.testkit';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { textHue } from '../testing/colour.testkit';
import { goLive, pipelineOf, pipelineOnly, pushChange } from '../pipeline/pipeline.testkit';

// One instant for the whole fixture: every time below is counted from it.
const T0 = Date.now();
const minutesAgo = (m: number) => new Date(T0 - m * 60_000).toISOString();
const clockOf = (referralId: number, claimedMinutesAgo: number): ContactClock => ({
  referralId,
  claimedAt: minutesAgo(claimedMinutesAgo),
  claimedBy: 'producer',
  contactedAt: null,
  contactedBy: null,
});

const setup = (role: Role = Role.CONSOLE_PRODUCER) => {
  const api = fakeApi({
    '/api/acquired': { seq: 1, content: [bought(7), bought(8), bought(9)], totalElements: 3 },
    '/api/acquired/pipelines': { items: [pipelineOf(7), pipelineOf(8), pipelineOf(9)] },
    // 7: claimed 3 minutes ago (running); 8: 25 minutes ago (past the target); 9: contacted.
    '/api/contact-clocks': {
      targetMinutes: 10,
      items: [
        clockOf(7, 3),
        clockOf(8, 25),
        { ...clockOf(9, 30), contactedAt: minutesAgo(26), contactedBy: 'producer' },
      ],
    },
    '/api/my-agency/contact-target': {
      agency: 'Lone Star Insurance Group',
      minutes: 10,
      updatedBy: null,
      updatedAt: null,
      canChange: false,
    },
  });
  const r = renderWith(<AcquiredPage />, { api, auth: fakeAuth(sessionOf(role)) });
  return { ...r, api };
};
const clockIn = (id: number) =>
  within(document.querySelector(`[role="row"][data-id="${id}"]`) as HTMLElement).getByLabelText(
    /^Contact clock/,
  );

describe('the contact clock on Acquired Referrals', () => {
  it('counts down to the target, turns red past it, and says how fast a contacted one was reached', async () => {
    const { api } = setup();
    await waitFor(() => expect(clockIn(7).textContent).toMatch(/^[67]:\d\d left$/));
    expect(clockIn(7).getAttribute('data-clock')).toBe('running');
    expect(clockIn(8).textContent).toMatch(/^1[45]:\d\d over$/);
    expect(clockIn(8).getAttribute('data-clock')).toBe('late');
    expect(textHue(clockIn(8))).toBe('red');
    expect(textHue(clockIn(7))).not.toBe('red');
    // A stopped clock's cell says its time alone; its name says it whole.
    expect(clockIn(9).textContent).toBe('4 min');
    expect(clockIn(9).getAttribute('aria-label')).toBe('Contact clock: Contacted in 4 min');
    expect(api.get).toHaveBeenCalledWith('/api/contact-clocks', { ids: '7,8,9' });
  });

  it("stops at once on a colleague's first note after the claim, heard live", async () => {
    const { socket } = setup();
    await waitFor(() => expect(clockIn(8).getAttribute('data-clock')).toBe('late'));
    goLive(socket);
    const note = {
      id: 1,
      author: 'agencyadmin',
      at: minutesAgo(13),
      text: 'Called, left a message',
    };
    pushChange(socket, 2, { pipeline: pipelineOnly(pipelineOf(8, { version: 1, notes: [note] })) });
    await waitFor(() =>
      expect(clockIn(8).getAttribute('aria-label')).toBe('Contact clock: Contacted in 12 min'),
    );
    expect(clockIn(8).getAttribute('data-clock')).toBe('missed');
    // A pipeline change with nothing after the claim leaves a clock running.
    expect(clockIn(7).getAttribute('data-clock')).toBe('running');
  });

  it('is not shown to an admin, who sees every agency’s purchases', async () => {
    const { api } = setup(Role.CONSOLE_ADMIN);
    await screen.findByText('Lee7', { exact: false });
    expect(screen.queryByRole('columnheader', { name: 'Contact' })).toBeNull();
    expect(api.get.mock.calls.some(([path]) => path === '/api/contact-clocks')).toBe(false);
  });
});
