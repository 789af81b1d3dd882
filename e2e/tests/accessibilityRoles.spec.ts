import { screenViolations, SCREENS } from '../src/axeScreens.js';
import { expect, signIn, test } from '../src/fixtures.js';

/**
 * Every screen each other demo user reaches, light and dark, under axe-core: agents of an agency
 * (producer, agencyadmin), a carrier, and the company users (bridge in the purple theme). The
 * admins' own screens send these users elsewhere, so they are left to the admin's suite.
 */
const USERS = ['producer', 'agencyadmin', 'carrier', 'bridge', 'fulcrum'];

test.describe('accessibility of every role (axe-core)', () => {
  for (const user of USERS) {
    test(`every screen of ${user} has no serious or critical violation, light and dark`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signIn(page, user);
      const screens = SCREENS.filter((s) => !s.adminOnly);
      expect(await screenViolations(page, user, screens)).toEqual([]);
    });
  }
});
