import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from '../testing/viewport.testkit';
import { inkTint } from '../testing/tint.testkit';
import { renderProducerList } from './listPage.testkit';

/** Each entry of a legend: its words and the colour of its icon. */
const entriesOf = (legend: HTMLElement) =>
  within(legend)
    .getAllByRole('listitem')
    .map((item) => {
      const icon = item.querySelector('svg[data-testid="CheckCircleIcon"]');
      return [item.textContent?.trim(), icon && inkTint(icon)];
    });

/** The three statuses the legend explains, each with the icon its rows show. */
const EXPLAINED = [
  [expect.stringMatching(/^Claim Now\b./), 'blue'],
  [expect.stringMatching(/^Claimed\b./), 'grey'],
  [expect.stringMatching(/^Delivered\b./), 'grey'],
];

afterEach(() => setViewportWidth(DEFAULT_VIEWPORT_WIDTH));

describe('the legend of the referral list (section 2)', () => {
  it('explains Claim Now, Claimed and Delivered beside the title on a desk, with their icons', async () => {
    setViewportWidth(1280);
    renderProducerList('/admin/all-referrals');
    const title = await screen.findByRole('heading', { name: 'Referrals', level: 1 });
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(entriesOf(legend)).toEqual(EXPLAINED);
    expect(title.parentElement?.contains(legend)).toBe(true);
  });

  it("explains them in a phone's filter sheet, the title's line kept clear", async () => {
    setViewportWidth(390);
    renderProducerList('/admin/all-referrals');
    await screen.findByRole('heading', { name: 'Referrals', level: 1 });
    expect(screen.queryByRole('list', { name: 'Legend' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(entriesOf(within(sheet).getByRole('list', { name: 'Legend' }))).toEqual(EXPLAINED);
  });
});
