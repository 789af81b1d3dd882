import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { US_STATES } from '@referrals/shared';
import {
  FORM_TEST_TIMEOUT,
  formRelay,
  loaded,
  numberBox,
  openForm,
  openLoaded,
  saveButton,
  savedMarketplace,
  textbox,
} from './formPage.testkit';
import { SAVE_BAR_TEXTS } from './SaveBar';

/** The list of what to fix beside Save, as its link texts. */
const toFix = () => {
  const list = screen.queryByRole('list', { name: 'What to fix' });
  return list
    ? within(list)
        .getAllByRole('button')
        .map((b) => b.textContent)
    : [];
};
const stateBoxes = () =>
  within(screen.getByRole('group', { name: 'States' })).getAllByRole('checkbox');

describe('what Save waits for, beside it', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('lists what a new marketplace still needs, top to bottom, each a link to its field', async () => {
    openForm('/admin/marketplaces/new', formRelay());
    await loaded();
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Brand New' } });
    await waitFor(() =>
      expect(toFix()).toEqual([
        'At least one referral source must be selected.',
        'At least one state must be selected.',
        'URL is required.',
        'API key is required.',
      ]),
    );
    expect(screen.getByText(SAVE_BAR_TEXTS.fixFirst)).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'At least one state must be selected.' }));
    expect(stateBoxes()).toContain(document.activeElement);
    fireEvent.click(screen.getByRole('button', { name: 'URL is required.' }));
    expect(document.activeElement).toBe(textbox('URL'));

    fireEvent.click(screen.getByRole('checkbox', { name: 'web' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Texas' }));
    fireEvent.change(textbox('URL'), { target: { value: 'https://api.example.com/x' } });
    fireEvent.change(textbox('API key'), { target: { value: 'k' } });
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    expect(toFix()).toEqual([]);
    expect(screen.queryByText(SAVE_BAR_TEXTS.fixFirst)).toBeNull();
  });

  it('says an untouched marketplace has no changes to save', async () => {
    await openLoaded('/admin/marketplaces/7');
    expect(await screen.findByText(SAVE_BAR_TEXTS.noChanges)).toBeTruthy();
    expect(saveButton().getAttribute('aria-describedby')).toBe('save-problems');
  });
});

describe('select all and none', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('ticks every state and every source that may be chosen, and clears them', async () => {
    openForm('/admin/marketplaces/new', formRelay());
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Select all States' }));
    await waitFor(() =>
      expect(stateBoxes().filter((b) => (b as HTMLInputElement).checked)).toHaveLength(
        US_STATES.length,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Select all Referral Sources' }));
    expect(screen.getByRole('checkbox', { name: 'web' })).toHaveProperty('checked', true);
    // direct-call is never chosen here: select all leaves it alone.
    expect(screen.getByRole('checkbox', { name: 'direct-call' })).toHaveProperty('checked', false);
    await waitFor(() => expect(toFix()).not.toContain('At least one state must be selected.'));

    fireEvent.click(screen.getByRole('button', { name: 'Select none of States' }));
    await waitFor(() =>
      expect(stateBoxes().some((b) => (b as HTMLInputElement).checked)).toBe(false),
    );
    await waitFor(() => expect(toFix()).toContain('At least one state must be selected.'));
  });
});

describe('the percent modifier', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('keeps decimals: 1.5 % is saved as 1.015 and shown as 1.5 again', async () => {
    const api = await openLoaded('/admin/marketplaces/7');
    fireEvent.change(numberBox('Percent Modifier'), { target: { value: '1.5' } });
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put.mock.calls[0]?.[1]).toMatchObject({ marketplace: { priceModifier: 1.015 } });
  });

  it('shows a stored 1.015 as 1.5', async () => {
    await openLoaded(
      '/admin/marketplaces/7',
      formRelay(savedMarketplace({ priceModifier: 1.015 })),
    );
    expect(numberBox('Percent Modifier')).toHaveProperty('value', '1.5');
  });
});
