import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressStatus, Role, type UserPreferences } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { PreferencesContext } from '../preferences/usePreferences';
import { localDay } from '../time/localDay';
import { ReferralAlerts } from './ReferralAlerts';

/** The Notification API with permission granted; records what was shown. */
const shown: string[] = [];
class FakeNotification {
  static readonly permission = 'granted';
  onclick: (() => void) | null = null;
  constructor(title: string) {
    shown.push(title);
  }
  close() {}
}

const prefs = (enabled: boolean): UserPreferences => ({
  alerts: { enabled, sound: false },
  theme: 'system',
});

/**
 * The producer's console shell with these preferences, a follow-up of theirs due today, and a
 * referral they claimed 6 minutes ago, not yet contacted (past half the 10-minute target).
 */
const mount = (enabled: boolean) => {
  const api = fakeApi({
    '/api/acquired': { seq: 1, content: [{ opportunityId: 7, firstName: 'Ada', lastName: 'Oak' }] },
    '/api/acquired/pipelines': {
      items: [{ referralId: 7, status: ProgressStatus.InProgress, followUpOn: localDay() }],
    },
    '/api/contact-clocks': {
      targetMinutes: 10,
      items: [
        {
          referralId: 9,
          claimedAt: new Date(Date.now() - 6 * 60_000).toISOString(),
          claimedBy: 'producer',
          contactedAt: null,
          contactedBy: null,
        },
      ],
    },
  });
  const session = sessionOf(Role.CONSOLE_PRODUCER);
  const r = renderWith(
    <PreferencesContext.Provider
      value={{
        preferences: prefs(enabled),
        loaded: true,
        save: vi.fn(),
        error: null,
        dismissError: vi.fn(),
      }}
    >
      <ReferralAlerts access={session.access} username={session.username} />
    </PreferencesContext.Provider>,
    { auth: fakeAuth(session), api },
  );
  act(() => r.socket.connect(true));
  return { ...r, api };
};

beforeEach(() => {
  shown.length = 0;
  localStorage.clear();
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => vi.unstubAllGlobals());

describe('follow-up alerts in the console', () => {
  it('notify an opted-in agent of a follow-up due today', async () => {
    const { socket } = mount(true);
    const topics = socket.calls('subscribe').map((c) => c.args[0]);
    const nth = topics.findIndex((t) => (t as { kind: string }).kind === 'pipeline');
    expect(nth).toBeGreaterThanOrEqual(0);
    const snapshot = { topic: { kind: 'pipeline' }, seq: 1, complete: false, items: [] };
    act(() => socket.answer('subscribe', { ok: true, snapshot }, nth));
    await waitFor(() => expect(shown).toContain('Follow-up due: Ada Oak (In Progress)'));
  });

  it('notify an agent who opted out of alerts of nothing, but keep the contact clock in the console', async () => {
    const { socket, api } = mount(false);
    // Follow-ups (and new referrals, cap levels) are not watched at all.
    await waitFor(() =>
      expect(api.get.mock.calls.some(([path]) => path === '/api/contact-clocks')).toBe(true),
    );
    expect(api.get.mock.calls.some(([path]) => path === '/api/acquired')).toBe(false);
    const kinds = socket.calls('subscribe').map((c) => (c.args[0] as { kind: string }).kind);
    expect(kinds.sort()).toEqual(['acquired', 'agencySettings', 'pipeline']);
    // The claimer's half-target notice shows in the console; no browser notification.
    await screen.findByText(/^Contact referral #9: [34]:\d\d left\./);
    expect(shown).toEqual([]);
  });

  it('notify an opted-in agent of the contact clock too', async () => {
    mount(true);
    await waitFor(() =>
      expect(shown.filter((t) => t.startsWith('Contact referral #9:'))).toHaveLength(1),
    );
  });
});
