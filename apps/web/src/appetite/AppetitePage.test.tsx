import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type MyMarketplace } from '@referrals/shared';
import { ApiError } from '../api/ApiError';
import { fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../admin/testing/adminApi.testkit';
import { goLive } from '../pipeline/pipeline.testkit';
import { toLocalInput } from './localTime';
import { AppetitePage } from './AppetitePage';

beforeEach(() => {
  vi.stubEnv('TZ', 'America/Chicago');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The agency's marketplace as the relay answers it, varied by each test. */
const mine = (over: Partial<MyMarketplace> = {}): MyMarketplace => {
  const m = aMarketplace(3, 'Lone Star Direct', { agencyId: 3, enabled: true });
  return {
    id: 3,
    marketplaceName: m.marketplaceName,
    enabled: true,
    version: 'v3',
    riskAppetite: { ...m.riskAppetite, stateCodes: ['TX', 'OK'], maxReferralsPerDay: 10 },
    selfServe: {
      marketplaceId: 3,
      bounds: { maxPerDay: 40, maxPerWeek: 150 },
      pause: null,
      updatedBy: null,
      updatedAt: null,
    },
    deliveredToday: 2,
    canChange: true,
    ...over,
  };
};

const show = (role: Role, routes: Record<string, unknown>) => {
  const api = fakeAdminApi(routes);
  const { socket } = renderWith(<AppetitePage />, {
    api: asClient(api),
    url: '/admin/appetite',
    auth: fakeAuth(
      sessionOf(role, role === Role.CONSOLE_AGENCY_ADMIN ? 'agencyadmin' : 'producer'),
    ),
  });
  return Object.assign(api, { socket });
};
const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name, { exact: false });
const inHours = (h: number) => toLocalInput(new Date(Date.now() + h * 3_600_000));

describe('My Appetite', () => {
  it('reads the marketplace again on live settings news: a new figure shows with its alert', async () => {
    let delivered = 2;
    const api = show(Role.CONSOLE_PRODUCER, {
      'GET /api/my-marketplace': () => mine({ canChange: false, deliveredToday: delivered }),
    });
    expect(await screen.findByText('2 of 10 referrals delivered today.')).toBeTruthy();
    goLive(api.socket);
    expect(api.socket.calls('subscribe').map((c) => c.args[0])).toContainEqual({
      kind: 'agencySettings',
    });
    // The poll's new delivery figures reach the room as a fresh base: the screen reads again.
    delivered = 8;
    act(() =>
      api.socket.push('snapshot', {
        topic: { kind: 'agencySettings' },
        seq: 2,
        complete: false,
        items: [],
      }),
    );
    expect(await screen.findByText('8 of 10 referrals delivered today.')).toBeTruthy();
    expect(screen.getByText("80% of today's cap: 8 of 10 referrals delivered.")).toBeTruthy();
    // A change of the settings themselves (the pause clock, an administrator's bounds).
    delivered = 10;
    act(() =>
      api.socket.push('changes', {
        topic: { kind: 'agencySettings' },
        prevSeq: 2,
        seq: 3,
        upserts: [
          { agencyId: 1001, marketplaceId: 3, setting: 'selfServe', at: new Date().toISOString() },
        ],
        removed: [],
      }),
    );
    expect(await screen.findByText('10 of 10 referrals delivered today.')).toBeTruthy();
  });

  it('shows a producer the appetite as it stands, and nothing they could change', async () => {
    show(Role.CONSOLE_PRODUCER, { 'GET /api/my-marketplace': mine({ canChange: false }) });
    expect(await screen.findByRole('heading', { name: 'My Appetite' })).toBeTruthy();
    const appetite = await screen.findByRole('region', { name: 'Appetite' });
    expect(within(appetite).getByText('OK, TX')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
    expect(screen.getByText("Only your agency's admin can pause the marketplace.")).toBeTruthy();
    expect(field('Daily cap').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save caps' })).toBeNull();
  });

  it('pauses now until a chosen time, and then says until when', async () => {
    const until = inHours(3);
    const put = vi.fn(({ body }: { body?: unknown }) => {
      const b = body as { pause: { from: string; until: string } };
      return mine({
        enabled: false,
        selfServe: { ...mine().selfServe, pause: { ...b.pause, active: true } },
      });
    });
    const api = show(Role.CONSOLE_AGENCY_ADMIN, {
      'GET /api/my-marketplace': mine(),
      'PUT /api/my-marketplace': put,
    });
    await screen.findByText('Referrals are being delivered.');
    fireEvent.change(field('Until'), { target: { value: until } });
    fireEvent.click(screen.getByRole('button', { name: 'Pause now' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [, body] = api.put.mock.calls[0] as unknown as [
      string,
      { version: string; pause: { until: string } },
    ];
    expect(body.version).toBe('v3');
    expect(body.pause.until).toBe(new Date(until).toISOString());
    expect(await screen.findByText(/^Paused until /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End pause' })).toBeTruthy();
  });

  it('will not send a pause that ends before it starts, and says why', async () => {
    const api = show(Role.CONSOLE_AGENCY_ADMIN, { 'GET /api/my-marketplace': mine() });
    await screen.findByText('Referrals are being delivered.');
    fireEvent.change(field('From'), { target: { value: inHours(5) } });
    fireEvent.change(field('Until'), { target: { value: inHours(4) } });
    const schedule = screen.getByRole<HTMLButtonElement>('button', { name: 'Schedule pause' });
    expect(schedule.disabled).toBe(true);
    expect(screen.getByText('The pause must end after it starts.')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });

  it("keeps caps within the admin's bounds, and shows the relay's reason when it refuses", async () => {
    const api = show(Role.CONSOLE_AGENCY_ADMIN, {
      'GET /api/my-marketplace': mine(),
      'PUT /api/my-marketplace': () => {
        throw new ApiError(
          409,
          'Your marketplace was changed meanwhile. Reload it and make your change again.',
        );
      },
    });
    await screen.findByText('Referrals are being delivered.');
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save caps' });
    fireEvent.change(field('Weekly cap'), { target: { value: '100' } });
    fireEvent.change(field('Daily cap'), { target: { value: '41' } });
    expect(save.disabled).toBe(true);
    expect(
      screen.getByText('The daily cap may be at most 40, the bound an administrator set.'),
    ).toBeTruthy();
    fireEvent.change(field('Daily cap'), { target: { value: '25' } });
    fireEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Your marketplace was changed meanwhile. Reload it and make your change again.',
    );
    expect(api.put).toHaveBeenCalledWith('/api/my-marketplace', {
      version: 'v3',
      caps: { maxPerDay: 25, maxPerWeek: 100 },
    });
  });

  it("alerts at 80 % of the day's cap", async () => {
    show(Role.CONSOLE_AGENCY_ADMIN, { 'GET /api/my-marketplace': mine({ deliveredToday: 8 }) });
    expect(
      await screen.findByText("80% of today's cap: 8 of 10 referrals delivered."),
    ).toBeTruthy();
  });
});
