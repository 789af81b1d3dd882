import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderProducerList } from './listPage.testkit';

const setup = (answers: Record<string, unknown>, url = '/admin/all-referrals') =>
  renderProducerList(url, answers);

describe('issue 44: never an empty first screen', () => {
  it('opens All States, and says so, when the geo-located state is outside the appetite', async () => {
    const { listCalls } = setup({
      '/api/geo-location': { state: 'TX' },
      '/api/list-hints/appetite': { states: ['OH', 'MI'] },
    });
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(listCalls()[0]).toMatchObject({ view: 'inAppetite', state: 'all' });
    const note = await screen.findByRole('alert');
    expect(note.textContent).toBe('Showing all states: your appetite does not include TX.');
    fireEvent.click(within(note).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('keeps a geo-located state the appetite covers', async () => {
    const { listCalls } = setup({
      '/api/geo-location': { state: 'TX' },
      '/api/list-hints/appetite': { states: ['OH', 'TX'] },
    });
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(listCalls()[0]).toMatchObject({ view: 'inAppetite', state: 'TX' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a list is empty and offers each way out, counted, one click each', async () => {
    const { last } = setup(
      {
        '/api/list-hints/ways-out': {
          counts: { allStates: 12, allReferrals: 40, longer: 3, showClaimed: 5 },
        },
      },
      '/admin/all-referrals?state=CA',
    );
    const status = await screen.findByRole('status', { name: 'Referrals' });
    expect(status.textContent).toBe('No in-appetite referrals in CA in the last 48 hours.');
    const ways = screen.getByRole('navigation', { name: 'Ways out of an empty list' });
    await waitFor(() =>
      expect(
        within(ways)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([
        'Show all states (12)',
        'Show all referrals (40)',
        'Last 7 Days (3)',
        'Show claimed (5)',
      ]),
    );
    fireEvent.click(within(ways).getByRole('button', { name: 'Last 7 Days (3)' }));
    await waitFor(() => expect(last()).toMatchObject({ state: 'CA', dateFilter: '7days' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Show all states/ }));
    await waitFor(() => expect(last()).toMatchObject({ state: 'all', dateFilter: '7days' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Show all referrals/ }));
    await waitFor(() => expect(last()).toMatchObject({ view: 'all', state: 'all' }));
  });
});
