import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProgressStatus, Role, type ConversionFigures } from '@referrals/shared';
import { ApiError } from '../api/ApiError';
import type { QueryParams } from '../api/apiClient';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { CONVERSION_LABELS as L } from './ConversionSection';
import DashboardPage from './DashboardPage';
import type { ConversionAnswer } from './useConversion';

/** Figures as the relay computes them from counts (rates of `bought`). */
const figures = (
  bought: number,
  quoted: number,
  bound: number,
  spend: number,
  o: { unable?: number; returned?: number } = {},
): ConversionFigures => {
  const unable = o.unable ?? 0;
  const returned = o.returned ?? 0;
  return {
    bought,
    quoted,
    bound,
    unable,
    quotedRate: quoted / bought,
    boundRate: bound / bought,
    unableRate: unable / bought,
    spend,
    costPerBound: bound === 0 ? null : spend / bound,
    returned,
    returnRate: returned / bought,
  };
};

const agencyAnswer = (bound: number): ConversionAnswer => ({
  seq: 4,
  scope: 'agency',
  agency: 'Lone Star Insurance Group',
  since: '2026-10-24T12:00:00.000Z',
  totals: figures(5, 3, bound, 225, { unable: 1 }),
  byLine: { CGLY: figures(1, 1, 0, 45), CWCP: figures(4, 2, bound, 180) },
  bySource: { 'agent-site': figures(5, 3, bound, 225) },
  byState: { TX: figures(3, 2, 1, 135), OK: figures(2, 1, 0, 90) },
  byAgency: null,
});

const marketAnswer: ConversionAnswer = {
  ...agencyAnswer(2),
  scope: 'market',
  agency: null,
  totals: figures(8, 4, 2, 360, { returned: 2 }),
  byAgency: {
    'Peachtree Risk Advisors': figures(3, 1, 0, 135, { returned: 2 }),
    'Lone Star Insurance Group': figures(5, 3, 2, 225),
  },
};

/** A relay answering the conversion in turn with each answer given (the last one repeats). */
const relayAnswering = (...answers: (ConversionAnswer | Error)[]) => {
  const api = fakeApi();
  const conversion = vi.fn((_params?: QueryParams) => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  api.get.mockImplementation((path: string, params?: QueryParams) =>
    path === '/api/conversion' ? conversion(params) : Promise.resolve({ seq: 1, content: [] }),
  );
  return { api, conversion };
};

const show = (role: Role, relay: ReturnType<typeof relayAnswering>) => {
  const r = renderWith(<DashboardPage />, {
    auth: fakeAuth(sessionOf(role)),
    api: relay.api,
    url: '/admin/dashboard',
  });
  act(() => r.socket.connect(true));
  return r;
};

const section = () => screen.findByRole('region', { name: L.heading });
const figure = (label: string) =>
  within(screen.getByRole('region', { name: label })).getByText(/./, { selector: '[data-figure]' })
    .textContent;
const rowsOf = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('conversion on the dashboard', () => {
  it("shows an agent their agency's rates, spend and breakdowns, most bought first", async () => {
    const relay = relayAnswering(agencyAnswer(2));
    show(Role.CONSOLE_PRODUCER, relay);
    const s = await section();
    expect(await within(s).findByText(/Lone Star Insurance Group/)).toBeTruthy();
    expect(relay.conversion).toHaveBeenCalledWith({ dateFilter: '30days' });
    expect(figure(L.bought)).toBe('5');
    expect(figure(L.quoted)).toBe('60%');
    expect(figure(L.bound)).toBe('40%');
    expect(within(screen.getByRole('region', { name: L.bound })).getByText('2 of 5 bought'));
    expect(figure(L.unable)).toBe('20%');
    expect(figure(L.spend)).toBe('$225');
    expect(figure(L.costPerBound)).toBe('$112.50');
    expect(rowsOf('By line of business')).toEqual([
      ["Workers' Compensation", '4', '2 (50%)', '2 (50%)', '0 (0%)', '$180', '$90'],
      ['General Liability', '1', '1 (100%)', '0 (0%)', '0 (0%)', '$45', 'None bound'],
    ]);
    expect(rowsOf('By state').map((r) => r[0])).toEqual(['Texas', 'Oklahoma']);
    expect(rowsOf('By source')[0]?.[0]).toBe('agent-site');
    // An agency's view: no agency table and no returns.
    expect(screen.queryByRole('table', { name: 'By agency' })).toBeNull();
    expect(screen.queryByRole('region', { name: L.returned })).toBeNull();
  });

  it('shows an admin the market with each agency and its return rate', async () => {
    show(Role.CONSOLE_ADMIN, relayAnswering(marketAnswer));
    await within(await section()).findByText(/Market-wide/);
    expect(figure(L.returned)).toBe('25%');
    expect(rowsOf('By agency')).toEqual([
      [
        'Lone Star Insurance Group',
        '5',
        '3 (60%)',
        '2 (40%)',
        '0 (0%)',
        '0 (0%)',
        '$225',
        '$112.50',
      ],
      [
        'Peachtree Risk Advisors',
        '3',
        '1 (33.3%)',
        '0 (0%)',
        '0 (0%)',
        '2 (66.7%)',
        '$135',
        'None bound',
      ],
    ]);
  });

  it('shows the eight most bought rows of a long breakdown until asked for all', async () => {
    const states = ['TX', 'OK', 'NM', 'LA', 'AR', 'KS', 'CO', 'MO', 'NE', 'IA'];
    const byState = Object.fromEntries(states.map((st, i) => [st, figures(20 - i, 1, 0, 45)]));
    show(Role.CONSOLE_PRODUCER, relayAnswering({ ...agencyAnswer(2), byState }));
    await within(await section()).findByRole('table', { name: 'By state' });
    expect(rowsOf('By state')).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 10' }));
    expect(rowsOf('By state').map((r) => r[0])).toEqual([
      'Texas',
      'Oklahoma',
      'New Mexico',
      'Louisiana',
      'Arkansas',
      'Kansas',
      'Colorado',
      'Missouri',
      'Nebraska',
      'Iowa',
    ]);
  });

  it('reads the figures again when a pipeline changes, and for another window', async () => {
    const relay = relayAnswering(agencyAnswer(2), agencyAnswer(3));
    const { socket } = show(Role.CONSOLE_AGENCY_ADMIN, relay);
    await section();
    await waitFor(() => expect(figure(L.bound)).toBe('40%'));
    const topics = socket.calls('subscribe').map((c) => c.args[0]);
    expect(topics).toEqual(
      expect.arrayContaining([{ kind: 'pipeline' }, { kind: 'returns' }, { kind: 'acquired' }]),
    );
    const nth = topics.findIndex((t) => (t as { kind: string }).kind === 'pipeline');
    const topic = { kind: 'pipeline' as const };
    act(() =>
      socket.answer(
        'subscribe',
        { ok: true, snapshot: { topic, seq: 1, complete: false, items: [] } },
        nth,
      ),
    );
    await waitFor(() => expect(relay.conversion).toHaveBeenCalledTimes(2));
    const before = relay.conversion.mock.calls.length;
    const moved = {
      referralId: 7,
      agency: 'Lone Star Insurance Group',
      status: ProgressStatus.BoundProspect,
      followUpOn: null,
      version: 3,
      updatedAt: null,
      updatedBy: 'agencyadmin',
      notes: [],
      events: [],
    };
    act(() => socket.push('changes', { topic, prevSeq: 1, seq: 2, upserts: [moved], removed: [] }));
    await waitFor(() => expect(relay.conversion).toHaveBeenCalledTimes(before + 1));
    await waitFor(() => expect(figure(L.bound)).toBe('60%'));

    await userEvent.click(screen.getByRole('combobox', { name: L.window }));
    await userEvent.click(screen.getByRole('option', { name: 'Last 7 Days' }));
    await waitFor(() => expect(relay.conversion).toHaveBeenLastCalledWith({ dateFilter: '7days' }));
  });

  it('shows nothing where the relay answers 403, and never asks for a carrier', async () => {
    const refused = relayAnswering(new ApiError(403, 'your account has no agency'));
    const agent = show(Role.CONSOLE_PRODUCER, refused);
    await waitFor(() => expect(refused.conversion).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: L.heading })).toBeNull();
    agent.unmount();

    const carrier = relayAnswering(agencyAnswer(1));
    show(Role.CONSOLE_CARRIER, carrier);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(carrier.conversion).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: L.heading })).toBeNull();
  });
});
