import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIST_TOASTS } from '@referrals/shared';
import { ApiError } from '../../../api/ApiError';
import { createQueryClient } from '../../../api/queryClient';
import { renderWith } from '../../../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { useAgencies } from './useAgencies';

const AGENCY = {
  fulcrumId: 12,
  name: 'Gulf Coast Agency',
  address: { region: 'Texas', regionCode: 'TX', zipCode: '77001', street: null, city: 'Houston' },
  contact: { name: 'Ann', email: 'ann@gulf.example', phone: null },
};
const ITEMS = [
  aMarketplace(1, 'Alpha', { agencyId: 12, debitPrepaidBalance: true }),
  aMarketplace(2, 'Bravo', { agencyId: 12 }),
];

const Agencies = () => {
  const info = useAgencies(ITEMS);
  return (
    <output data-testid="info">
      {info.agencies.get(12)?.name ?? '-'}|{info.balances.get(12) ?? '-'}
    </output>
  );
};

/** Renders the lookups with the console's retry rule, without its waits. */
const show = (api: ReturnType<typeof fakeAdminApi>) =>
  renderWith(<Agencies />, {
    api: asClient(api),
    queryClient: createQueryClient({ retryDelayMs: () => 0 }),
  });

describe('useAgencies', () => {
  it('tries a failed lookup again instead of marking the agency as asked for good', async () => {
    let agencyReads = 0;
    const api = fakeAdminApi({
      'GET /api/agencies/12': () => {
        if (agencyReads++ === 0) throw new ApiError(503, 'the agency service is unavailable');
        return AGENCY;
      },
      'GET /api/agencies/12/prepaid-balance': { balance: 900 },
    });
    show(api);
    expect(await screen.findByText('Gulf Coast Agency|900')).toBeTruthy();
    expect(agencyReads).toBe(2);
    expect(screen.queryByText(LIST_TOASTS.agencyFailed.message)).toBeNull();
  });

  it('asks each agency once for all its marketplaces', async () => {
    const api = fakeAdminApi({
      'GET /api/agencies/12': AGENCY,
      'GET /api/agencies/12/prepaid-balance': { balance: 900 },
    });
    show(api);
    expect(await screen.findByText('Gulf Coast Agency|900')).toBeTruthy();
    expect(api.get.mock.calls.map(([path]) => path).sort()).toEqual([
      '/api/agencies/12',
      '/api/agencies/12/prepaid-balance',
    ]);
  });

  it('does not retry a refusal, and tells it once', async () => {
    const api = fakeAdminApi({
      'GET /api/agencies/12': () => {
        throw new ApiError(404, 'no such agency');
      },
      'GET /api/agencies/12/prepaid-balance': { balance: 900 },
    });
    show(api);
    expect(await screen.findByText(LIST_TOASTS.agencyFailed.message)).toBeTruthy();
    expect(screen.getByTestId('info').textContent).toBe('-|900');
    expect(api.get.mock.calls.filter(([path]) => path === '/api/agencies/12')).toHaveLength(1);
  });
});
