import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Role, TRUSTED_CHOICE_BRAND, UNSAVED_CHANGES_DIALOG } from '@referrals/shared';
import { BrandContext } from '../../../app/BrandContext';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { asClient } from '../../testing/adminApi.testkit';
import {
  FORM_TEST_TIMEOUT,
  formRelay,
  loaded,
  openLoaded,
  saveButton,
  savedMarketplace,
  textbox,
} from './formPage.testkit';
import { MarketplaceFormPage } from './MarketplaceFormPage';

const discardButton = () => screen.getByRole('button', { name: 'Discard Changes' });
/**
 * Whether a person could not change the field: disabled itself or inside a disabled fieldset (the
 * HTML rule, which happy-dom's :disabled does not apply).
 */
const inert = (el: HTMLElement) =>
  (el as HTMLInputElement).disabled || el.closest('fieldset[disabled]') !== null;
const states = () => [
  saveButton().hasAttribute('disabled'),
  discardButton().hasAttribute('disabled'),
];

describe('Save and Discard on the marketplace form', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('are off while pristine, on after a change; Discard brings the saved values back', async () => {
    await openLoaded('/admin/marketplaces/7');
    expect(states()).toEqual([true, true]);
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Renamed' } });
    await waitFor(() => expect(states()).toEqual([false, false]));
    fireEvent.click(discardButton());
    await waitFor(() => expect(textbox(/Marketplace Name/)).toHaveProperty('value', 'Lone Star'));
    await loaded();
    expect(states()).toEqual([true, true]);
  });

  it('disables the whole form and both buttons while saving, with a spinner on Save', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const api = formRelay(savedMarketplace(), {
      'PUT /api/marketplaces/7': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await openLoaded('/admin/marketplaces/7', api);
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Renamed' } });
    await waitFor(() => expect(states()).toEqual([false, false]));
    fireEvent.click(saveButton());

    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(within(saveButton()).getByRole('progressbar', { name: 'Saving' })).toBeTruthy();
    expect(states()).toEqual([true, true]);
    expect(inert(textbox(/Marketplace Name/))).toBe(true);
    expect(inert(screen.getByRole('checkbox', { name: 'Texas' }))).toBe(true);

    answer(savedMarketplace({ marketplaceName: 'Renamed' }));
    await waitFor(() => expect(inert(textbox(/Marketplace Name/))).toBe(false));
  });
});

describe('unsaved-changes dialog of the form', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('stays open on a click outside and on Escape', async () => {
    await openLoaded('/admin/marketplaces/7');
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Edited' } });
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_DIALOG.title });

    // Outside the dialog's paper: its backdrop and the container around the paper.
    const outside = [
      document.querySelector('.MuiBackdrop-root'),
      document.querySelector('.MuiDialog-container'),
    ];
    for (const el of outside) {
      expect(el).not.toBeNull();
      fireEvent.mouseDown(el as Element);
      fireEvent.mouseUp(el as Element);
      fireEvent.click(el as Element);
    }
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('dialog', { name: UNSAVED_CHANGES_DIALOG.title })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Flags screen' })).toBeNull();
  });
});

describe('page title of the form', { timeout: FORM_TEST_TIMEOUT }, () => {
  const openOnTrustedChoice = (url: string) =>
    renderWith(
      <BrandContext.Provider value={TRUSTED_CHOICE_BRAND}>
        <Routes>
          <Route path="/admin/marketplaces/:marketplaceId" element={<MarketplaceFormPage />} />
        </Routes>
      </BrandContext.Provider>,
      {
        api: asClient(formRelay()),
        url,
        auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
      },
    );

  it("names the brand of the host: '[Name] Marketplace | Trusted Choice'", async () => {
    openOnTrustedChoice('/admin/marketplaces/7');
    await waitFor(() => expect(document.title).toBe('Lone Star Marketplace | Trusted Choice'));
  });

  it("names the brand on creation: 'Create Marketplace | Trusted Choice'", async () => {
    openOnTrustedChoice('/admin/marketplaces/new');
    await waitFor(() => expect(document.title).toBe('Create Marketplace | Trusted Choice'));
  });
});
