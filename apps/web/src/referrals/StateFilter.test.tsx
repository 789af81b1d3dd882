import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StateFilter } from './StateFilter';

const show = (value: string | null = 'TX') => {
  const onChange = vi.fn<(code: string | null) => void>();
  render(<StateFilter value={value} dateFilter="48hours" onChange={onChange} />);
  return { onChange, box: screen.getByRole('combobox', { name: 'State' }) };
};
const optionNames = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((o) => o.textContent);

describe('the state filter', () => {
  it('shows the chosen state, and opens on All States with the 50 states and DC', () => {
    const { box } = show();
    expect((box as HTMLInputElement).value).toBe('TX - Texas');
    fireEvent.mouseDown(box);
    expect(optionNames()).toHaveLength(52);
    expect(optionNames()[0]).toBe('All States');
  });

  it('follows the typed text only once 200 ms pass without a key', async () => {
    const { box } = show();
    fireEvent.mouseDown(box);
    const typedAt = performance.now();
    fireEvent.change(box, { target: { value: 'tex' } });
    // Not at once: the whole list still stands right after the key.
    expect(optionNames()).toHaveLength(52);
    await waitFor(() => expect(optionNames()).toEqual(['TX - Texas']), { interval: 10 });
    expect(performance.now() - typedAt).toBeGreaterThanOrEqual(190);
  });

  it("says 'No results.' when no state matches, and a matching state can be chosen", async () => {
    const { box, onChange } = show(null);
    expect((box as HTMLInputElement).value).toBe('All States');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'zz' } });
    expect(await screen.findByText('No results.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'new y' } });
    await waitFor(() => expect(optionNames()).toEqual(['NY - New York']));
    fireEvent.click(screen.getByRole('option', { name: 'NY - New York' }));
    expect(onChange).toHaveBeenCalledWith('NY');
  });

  it('chooses All States as no filter', () => {
    const { box, onChange } = show('OH');
    fireEvent.mouseDown(box);
    fireEvent.click(screen.getByRole('option', { name: 'All States' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
