import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNSAVED_CHANGES_DIALOG } from '@referrals/shared';
import { FORM_TEST_TIMEOUT, formRelay, openLoaded, saveButton, textbox } from './formPage.testkit';

const leave = () => fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));

describe('unsaved-changes guard on the marketplace form', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('asks before leaving an edited marketplace, stays on Continue Editing, leaves on Discard', async () => {
    await openLoaded('/admin/marketplaces/7');
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Edited' } });
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    leave();
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_DIALOG.title });
    expect(within(dialog).getByText(UNSAVED_CHANGES_DIALOG.message)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(textbox(/Marketplace Name/)).toHaveProperty('value', 'Edited');

    leave();
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard Changes' }),
    );
    expect(await screen.findByRole('heading', { name: 'Flags screen' })).toBeTruthy();
  });

  it('lets the user leave an untouched marketplace without asking', async () => {
    await openLoaded('/admin/marketplaces/7');
    leave();
    expect(await screen.findByRole('heading', { name: 'Flags screen' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes to the list without asking right after a marketplace is created', async () => {
    const api = formRelay();
    await openLoaded('/admin/marketplaces/new', api);
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Brand New' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'web' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Texas' }));
    fireEvent.change(textbox('URL'), { target: { value: 'https://api.example.com/x' } });
    fireEvent.change(textbox('API key'), { target: { value: 'k' } });
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    fireEvent.click(saveButton());
    expect(await screen.findByRole('heading', { name: 'List screen' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.post).toHaveBeenCalledTimes(1);
  });
});
