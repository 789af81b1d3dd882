import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type ContactSpeedFigures, type ContactTarget } from '@referrals/shared';
import { ApiError } from '../api/ApiError';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { goLive } from '../pipeline/pipeline.testkit';
import { ContactSpeed, SPEED_LABELS } from './ContactSpeed';

const MIN = 60_000;
const SPEED: ContactSpeedFigures = {
  since: '2026-11-07T00:00:00.000Z',
  byProducer: [
    { producer: 'producer', claimed: 4, contacted: 3, medianMs: 3 * MIN },
    { producer: 'unknown', claimed: 2, contacted: 0, medianMs: null },
  ],
  bySpeed: [
    { speed: 'under5', referrals: 2, bound: 1, boundRate: 0.5 },
    { speed: 'from5to30', referrals: 1, bound: 0, boundRate: 0 },
    { speed: 'over30', referrals: 0, bound: 0, boundRate: 0 },
    { speed: 'none', referrals: 3, bound: 0, boundRate: 0 },
  ],
};
const target = (o: Partial<ContactTarget> = {}): ContactTarget => ({
  agency: 'Lone Star Insurance Group',
  minutes: 10,
  updatedBy: null,
  updatedAt: null,
  canChange: true,
  ...o,
});

const show = (role: Role, canChange: boolean) => {
  const api = fakeApi({
    '/api/contact-speed': SPEED,
    '/api/my-agency/contact-target': target({ canChange }),
  });
  const r = renderWith(<ContactSpeed dateFilter="30days" />, {
    api,
    auth: fakeAuth(sessionOf(role)),
  });
  return Object.assign(api, { socket: r.socket });
};
const rows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('speed to contact on the dashboard', () => {
  it("shows each producer's median time to contact and the bound rate by speed", async () => {
    const api = show(Role.CONSOLE_PRODUCER, false);
    await screen.findByRole('table', { name: SPEED_LABELS.producers });
    expect(rows(SPEED_LABELS.producers)).toEqual([
      ['producer', '3 min', '3 of 4'],
      ['Assigned upstream', '—', '0 of 2'],
    ]);
    expect(rows(SPEED_LABELS.speeds)).toEqual([
      ['Under 5 min', '2', '1 (50%)'],
      ['5–30 min', '1', '0 (0%)'],
      ['Over 30 min', '0', '0 (0%)'],
      ['Not contacted yet', '3', '0 (0%)'],
    ]);
    expect(api.get).toHaveBeenCalledWith('/api/contact-speed', { dateFilter: '30days' });
    expect(await screen.findByText('10 min')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change target' })).toBeNull();
  });

  it("lets the agency's admin change the target, showing the relay's reason for a refused one", async () => {
    const api = show(Role.CONSOLE_AGENCY_ADMIN, true);
    const reason = 'The contact target must be a whole number of minutes from 1 to 240.';
    api.put
      .mockImplementationOnce(() => Promise.reject(new ApiError(400, reason, [reason])))
      .mockImplementationOnce(() => Promise.resolve(target({ minutes: 15, updatedBy: 'me' })));
    fireEvent.click(await screen.findByRole('button', { name: 'Change target' }));
    const field = screen.getByLabelText('Contact target (minutes)');
    fireEvent.change(field, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save target' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(api.put).toHaveBeenLastCalledWith('/api/my-agency/contact-target', { minutes: 500 });
    fireEvent.change(field, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save target' }));
    await waitFor(() => expect(screen.getByText('15 min')).toBeTruthy());
    expect(api.put).toHaveBeenLastCalledWith('/api/my-agency/contact-target', { minutes: 15 });
  });

  it("reads the target again when the agency's settings notice says it changed", async () => {
    const api = show(Role.CONSOLE_PRODUCER, false);
    expect(await screen.findByText('10 min')).toBeTruthy();
    goLive(api.socket);
    api.get.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/api/contact-speed' ? SPEED : target({ minutes: 25, canChange: false }),
      ),
    );
    act(() =>
      api.socket.push('changes', {
        topic: { kind: 'agencySettings' },
        prevSeq: 1,
        seq: 2,
        upserts: [
          { agencyId: 1001, marketplaceId: null, setting: 'contactTarget', at: SPEED.since },
        ],
        removed: [],
      }),
    );
    expect(await screen.findByText('25 min')).toBeTruthy();
  });
});
