import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FORM_TEST_TIMEOUT,
  formRelay,
  numberBox,
  openLoaded,
  PURCHASER,
  saveButton,
  savedMarketplace,
  switchOf,
  textbox,
} from './formPage.testkit';

/** One row of the table: a spec section 5 message and the user input that should show it. */
type Step = readonly [message: string, drive: () => void | Promise<void>];

const type = (el: HTMLElement, value: string): void => {
  fireEvent.change(el, { target: { value } });
};
const click = (role: 'checkbox' | 'radio' | 'switch', name: string): void => {
  fireEvent.click(screen.getByRole(role, { name }));
};
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Walks the steps in order on one rendered form: each input must bring its message up. */
async function walk(steps: readonly Step[]) {
  for (const [message, drive] of steps) {
    // fireEvent and the lookup wait each wrap themselves in act; the drive itself must not.
    await drive();
    expect(await screen.findAllByText(message), message).not.toHaveLength(0);
  }
  expect(saveButton()).toHaveProperty('disabled', true);
}

/** Marketplace 7 with only the 'web' source (direct-call is excluded and cannot be ticked). */
const editable = () =>
  formRelay(
    savedMarketplace({
      riskAppetite: { ...savedMarketplace().riskAppetite, excludedSources: ['direct-call'] },
    }),
  );

const SETUP_AND_PRICE: readonly Step[] = [
  ['Please provide marketplace name', () => type(textbox(/Marketplace Name/), '  ')],
  ['Please provide a valid phone number', () => type(textbox(/Phone Number/), '512555')],
  [
    'The negative percent modifier cannot exceed abs(-100)%.',
    () => type(numberBox('Percent Modifier'), '-150'),
  ],
  ['Percent Modifier is required.', () => type(numberBox('Percent Modifier'), '')],
  [
    'Delivered Price is required.',
    () => {
      click('radio', 'Delivered Price');
      type(numberBox('Delivered Price'), '');
    },
  ],
  [
    'Min price cannot be greater than max price.',
    () => {
      type(numberBox('Min price'), '10');
      type(numberBox('Max price'), '5');
    },
  ],
  ['At least one referral source must be selected.', () => click('checkbox', 'web')],
  ['At least one state must be selected.', () => click('checkbox', 'Texas')],
];

const APPETITE_AND_LIMITS: readonly Step[] = [
  [
    'At least one business line appetite must be enabled.',
    () => click('switch', 'Business Line Required'),
  ],
  [
    'NAICS codes must be 6 digits and separated by commas.',
    () => {
      click('switch', 'Accept Commercial Lines');
      type(textbox('NAICS codes (6 digits, comma-separated)'), '12345, 238220');
    },
  ],
  ...(['hour', 'day', 'week', 'month'] as const).map((p): Step => [
    `Referrals per ${p} cannot be less than 1.`,
    () => type(numberBox(`Per ${p}`), '0'),
  ]),
];

const DAYS_AND_RECIPIENTS: readonly Step[] = [
  ['At least one delivery day must be selected.', () => DAYS.forEach((d) => click('checkbox', d))],
  ['At least one email recipient is required.', () => click('switch', 'Email Delivery')],
  [
    'Email addresses must be valid and separated by commas.',
    () => type(textbox('Email recipients (comma-separated)'), 'a@x.com, nope'),
  ],
  [
    'Email addresses must not be duplicated.',
    () => type(textbox('Email recipients (comma-separated)'), 'a@x.com, A@X.com'),
  ],
];

const BCC: readonly Step[] = [
  [
    'Email addresses must be valid and separated by commas.',
    () => {
      click('switch', 'Email Delivery');
      type(textbox('Email recipients (comma-separated)'), 'a@x.com');
      type(textbox('Bcc recipients (comma-separated)'), 'b@x.com;c@x.com');
    },
  ],
  [
    'Email addresses must not be duplicated.',
    () => type(textbox('Bcc recipients (comma-separated)'), 'b@x.com, B@x.com'),
  ],
];

afterEach(() => vi.useRealTimers());

describe(
  'every validation message of spec section 5 appears in the form',
  { timeout: FORM_TEST_TIMEOUT },
  () => {
    it.each([
      ['setup, price, sources and states', SETUP_AND_PRICE],
      ['appetite and referral limits', APPETITE_AND_LIMITS],
      ['delivery days and email recipients', DAYS_AND_RECIPIENTS],
      ['Bcc recipients', BCC],
    ] as const)('%s', async (_group, steps) => {
      await openLoaded('/admin/marketplaces/7', editable());
      await walk(steps);
    });

    it('agency and purchaser lookups', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const lookup = () => act(() => vi.advanceTimersByTimeAsync(1100));
      await openLoaded(
        '/admin/marketplaces/new',
        formRelay(savedMarketplace(), {
          'GET /api/agencies/99': null,
          'GET /api/users': ({ params }: { params?: { email?: string } }) =>
            params?.email === PURCHASER.emailAddress ? [PURCHASER] : [],
        }),
      );
      await walk([
        [
          'No agency found matching the provided agency ID',
          async () => {
            type(numberBox('Agency ID'), '99');
            await lookup();
          },
        ],
        [
          'Please provide a valid default purchasing agent email address',
          async () => {
            type(numberBox('Agency ID'), '12');
            await lookup();
            type(
              await screen.findByRole('textbox', { name: /Default Purchasing Agent Email/ }),
              'x',
            );
          },
        ],
        [
          'No user found matching the provided email address',
          async () => {
            type(textbox(/Default Purchasing Agent Email/), 'ghost@x.com');
            await lookup();
          },
        ],
      ]);
      expect(switchOf('API Delivery')).toBeTruthy();
    });
  },
);
