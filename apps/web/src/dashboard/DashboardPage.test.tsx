import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type AgentDashboard, type PrivilegedDashboard } from '@referrals/shared';
import { fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { AGENT_LABELS } from './AgentDashboardView';
import DashboardPage from './DashboardPage';
import { PRIVILEGED_LABELS } from './PrivilegedDashboardView';

const START = Date.parse('2026-11-21T00:00:00Z');
const hours = <T,>(f: (i: number) => T) => Array.from({ length: 24 }, (_, i) => f(i));

const privileged = (arrivals: number): PrivilegedDashboard => ({
  id: 'dashboard',
  audience: 'privileged',
  at: START,
  timeZone: 'America/New_York',
  hours: hours((i) => ({
    start: START + i * 3_600_000,
    arrivals: i === 23 ? arrivals : 0,
    claims: 0,
    expirations: 0,
  })),
  totals: { arrivals, claims: 4, expirations: 2 },
  topStates: [{ state: 'TX', count: 9 }],
  nearestLimit: [
    { marketplaceId: 4, marketplaceName: 'Great Lakes', delivered: 9, limit: 10, ratio: 0.9 },
  ],
  errorsToday: {
    count: 1,
    more: false,
    latest: [
      {
        opportunityId: 77,
        errorMarketplaceName: 'Great Lakes',
        errorNotes: 'HTTP 500 from buyer delivery API',
        errorDate: '2026-11-21T12:00:00Z',
        currentMarketplaceName: null,
        currentMarketplaceStatus: null,
      },
    ],
  },
});
const agent = (openNow: number): AgentDashboard => ({
  id: 'dashboard',
  audience: 'agent',
  at: START,
  timeZone: 'America/New_York',
  openNow,
  claimsToday: 2,
  hours: hours((i) => ({ start: START + i * 3_600_000, arrivals: i % 3 })),
  arrivalsTotal: 23,
});

const show = (role: Role) => {
  const r = renderWith(<DashboardPage />, {
    auth: fakeAuth(sessionOf(role)),
    url: '/admin/dashboard',
  });
  act(() => r.socket.connect(true));
  // The live flow subscribes first; the conversion section's topics follow it.
  const subscribe = r.socket.calls('subscribe').at(0);
  expect(subscribe?.args[0]).toEqual({ kind: 'dashboard' });
  return r;
};
const figure = (label: string) =>
  within(screen.getByRole('region', { name: label })).getByText(/^\d+\+?$/).textContent;
const snapshot = (seq: number, item: PrivilegedDashboard | AgentDashboard) => ({
  topic: { kind: 'dashboard' as const },
  seq,
  complete: true,
  items: [item],
});

describe('the dashboard screen', () => {
  it('shows the market figures and replaces them when a new dashboard arrives', async () => {
    const { socket } = show(Role.CONSOLE_ADMIN);
    act(() => socket.answer('subscribe', { ok: true, snapshot: snapshot(1, privileged(5)) }, 0));
    expect(await screen.findByRole('region', { name: PRIVILEGED_LABELS.arrivals })).toBeTruthy();
    expect(figure(PRIVILEGED_LABELS.arrivals)).toBe('5');
    expect(figure(PRIVILEGED_LABELS.claims)).toBe('4');
    expect(figure(PRIVILEGED_LABELS.expirations)).toBe('2');
    expect(figure(PRIVILEGED_LABELS.errors)).toBe('1');
    expect(
      screen.getByRole('progressbar', { name: 'Great Lakes: 9 of 10 delivered today' }),
    ).toBeTruthy();
    expect(screen.getByText('HTTP 500 from buyer delivery API', { exact: false })).toBeTruthy();
    expect(
      screen
        .getByRole('img', { name: /5 arrivals, 4 claims and 2 expirations/ })
        .getAttribute('data-chart'),
    ).toBe('hour-bars');
    // The chart's numbers, hour by hour, for screen readers.
    const table = screen.getByRole('table', { name: 'Per hour, last 24 h' });
    expect(within(table).getAllByRole('row')).toHaveLength(25);

    // The relay sends the whole dashboard again (any seq: a computed topic has no gaps).
    act(() => socket.push('snapshot', snapshot(2, privileged(6))));
    expect(figure(PRIVILEGED_LABELS.arrivals)).toBe('6');
  });

  it("shows an agent what is open to them, their agency's claims and the arrivals chart", async () => {
    const { socket } = show(Role.CONSOLE_PRODUCER);
    act(() => socket.answer('subscribe', { ok: true, snapshot: snapshot(3, agent(7)) }, 0));
    expect(await screen.findByRole('region', { name: AGENT_LABELS.openNow })).toBeTruthy();
    expect(figure(AGENT_LABELS.openNow)).toBe('7');
    expect(figure(AGENT_LABELS.claimsToday)).toBe('2');
    expect(figure(AGENT_LABELS.arrivals)).toBe('23');
    const chart = screen.getByRole('img', { name: /23 in all, at most 2 in one hour/ });
    // The carrier's chart style, axes and all: not a sparkline of its own.
    expect(chart.getAttribute('aria-label')).toMatch(/^Bar chart of in-appetite arrivals/);
    expect(chart.getAttribute('data-chart')).toBe('hour-bars');
    expect(screen.queryByRole('region', { name: PRIVILEGED_LABELS.arrivals })).toBeNull();
    act(() => socket.push('snapshot', snapshot(1, agent(6))));
    expect(figure(AGENT_LABELS.openNow)).toBe('6');
  });

  it('says why when the relay refuses the dashboard', async () => {
    const { socket } = show(Role.CONSOLE_PRODUCER);
    act(() =>
      socket.answer(
        'subscribe',
        { ok: false, code: 'forbidden', error: 'your account has no marketplace' },
        0,
      ),
    );
    expect(await screen.findByText('your account has no marketplace')).toBeTruthy();
  });
});
