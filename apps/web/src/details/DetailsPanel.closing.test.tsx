import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CONSOLE_FLAGS, Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import type { GridRow } from '../referrals/gridColumns';
import { DetailsPanel } from './DetailsPanel';

const row = (o: Partial<GridRow> = {}): GridRow => ({
  opportunityId: 7,
  opportunityType: 'CIR',
  marketplaceStatus: 'Claimed',
  soldPrice: 40,
  addDate: new Date().toISOString(),
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: [],
  searchId: 'search-7',
  ...o,
});

/** A list with one open referral: the panel's close puts it away. */
const Opened = ({ referral }: { readonly referral: GridRow }) => {
  const [open, setOpen] = useState<GridRow | null>(referral);
  return <DetailsPanel referral={open} onClose={() => setOpen(null)} />;
};

const show = (referral: GridRow, image = true) => {
  const api = fakeApi({ '/api/referrals/7': referral });
  if (image) api.getImage.mockImplementation(() => Promise.resolve('blob:street-view' as never));
  const { socket } = renderWith(<Opened referral={referral} />, {
    api,
    auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
  });
  act(() => socket.connect(true));
  return { api, socket };
};

/** The street-view feature flag arrives on, as the live featureFlags topic delivers it. */
const streetViewFlagOn = (socket: ReturnType<typeof renderWith>['socket']) => {
  const call = socket
    .calls('subscribe')
    .find((c) => (c.args[0] as { kind: string }).kind === 'featureFlags');
  // Without the flag's topic (no flag gates the street view) there is nothing to turn on.
  if (!call) return;
  const ack = call.args.at(-1) as (a: unknown) => void;
  const flag = { id: 1, name: CONSOLE_FLAGS.streetView, description: 'Street view', enabled: true };
  act(() =>
    ack({
      ok: true,
      snapshot: { topic: { kind: 'featureFlags' }, seq: 1, complete: true, items: [flag] },
    }),
  );
};
const panel = () => screen.queryByRole('region', { name: /referral #7/ });

describe('details panel', () => {
  it('closes on its X', async () => {
    show(row());
    expect(await screen.findByRole('region', { name: /referral #7/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(panel()).toBeNull());
  });

  it('closes on a click outside', async () => {
    show(row());
    expect(await screen.findByRole('region', { name: /referral #7/ })).toBeTruthy();
    fireEvent.click(document.querySelector('.MuiBackdrop-root') as Element);
    await waitFor(() => expect(panel()).toBeNull());
  });

  it('shows the street view when showVisualLocation is set', async () => {
    const { api, socket } = show(row({ showVisualLocation: true }));
    streetViewFlagOn(socket);
    expect(
      await screen.findByRole('img', { name: "Street view of the referral's location" }),
    ).toBeTruthy();
    expect(api.getImage).toHaveBeenCalledWith('/api/street-view/search-7');
  });

  it('shows no street view when showVisualLocation is not set', async () => {
    const { api, socket } = show(row({ showVisualLocation: false }));
    streetViewFlagOn(socket);
    expect(await screen.findByRole('region', { name: /referral #7/ })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('img', { name: /Street view/ })).toBeNull();
    expect(api.getImage).not.toHaveBeenCalled();
  });
});
