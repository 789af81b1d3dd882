import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_BRAND, Role, TRUSTED_CHOICE_BRAND, type Brand } from '@referrals/shared';
import { BrandContext } from '../app/BrandContext';
import { fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { PublicClaimModal } from './PublicClaimModal';

const Opened = () => {
  const [open, setOpen] = useState(true);
  return <PublicClaimModal open={open} onClose={() => setOpen(false)} />;
};

const show = (brand: Brand, signedIn = false) =>
  renderWith(
    <BrandContext.Provider value={brand}>
      <Opened />
    </BrandContext.Provider>,
    { auth: fakeAuth(signedIn ? sessionOf(Role.CONSOLE_PRODUCER) : null) },
  );

describe('public claim modal', () => {
  it.each([
    ['trusted-choice', TRUSTED_CHOICE_BRAND],
    ['product', PRODUCT_BRAND],
  ])(
    "invites a visitor of the %s host to that brand's buy-now page, or to log in",
    async (_h, brand) => {
      show(brand);
      const dialog = await screen.findByRole('dialog', {
        name: 'Want to get referrals like this one?',
      });
      expect(
        within(dialog).getByText(
          'Sign up for Advantage to get high-intent, inbound, appetite-matched insurance leads.',
        ),
      ).toBeTruthy();
      expect(
        within(dialog).getByRole('link', { name: 'Get Advantage Now' }).getAttribute('href'),
      ).toBe(brand.buyNowLink);
      expect(dialog.textContent).toContain('Already signed up?');
      expect(within(dialog).getByRole('link', { name: 'Log in now' }).getAttribute('href')).toBe(
        '/admin/all-referrals',
      );
    },
  );

  it('offers Claim Now to a visitor who is signed in', async () => {
    show(TRUSTED_CHOICE_BRAND, true);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Claim Now' }).getAttribute('href')).toBe(
      '/admin/all-referrals',
    );
  });

  it('closes on a click on the backdrop', async () => {
    show(PRODUCT_BRAND);
    await screen.findByRole('dialog');
    fireEvent.click(document.querySelector('.MuiBackdrop-root') as Element);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
