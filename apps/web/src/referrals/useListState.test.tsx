import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWith } from '../app/services.testkit';
import { initialPublicFeedState } from '../public/publicFeedRead';
import { useListState } from './useListState';

const Probe = () => {
  const list = useListState(initialPublicFeedState, false);
  const at = useLocation();
  return (
    <>
      <output data-testid="at">
        {list.state.stateCode ?? 'all'} {at.search || '-'} {at.key}
      </output>
      <button onClick={() => list.update({ stateCode: 'CA' })}>CA</button>
      <button onClick={() => list.update({ stateCode: null })}>All</button>
    </>
  );
};

const at = () => screen.getByTestId('at').textContent;

describe('useListState', () => {
  it('leaves the URL alone while it already names the shown state (no navigation at start)', async () => {
    for (const url of ['/public-referrals', '/public-referrals?state=CA']) {
      const { unmount } = renderWith(<Probe />, { url });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The memory router's first entry keeps the key 'default' until something navigates.
      expect(at()).toMatch(/ default$/);
      unmount();
    }
  });

  it('writes a chosen state to the URL, and All States removes it', async () => {
    renderWith(<Probe />, { url: '/public-referrals' });
    fireEvent.click(screen.getByRole('button', { name: 'CA' }));
    await vi.waitFor(() => expect(at()).toMatch(/^CA \?state=CA /));
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await vi.waitFor(() => expect(at()).toMatch(/^all - /));
  });
});
