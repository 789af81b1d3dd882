import { screenViolations, SCREENS } from '../src/axeScreens.js';
import { expect, signIn, test } from '../src/fixtures.js';

/**
 * Every screen of the console as a marketplace admin, light and dark, under axe-core: signed in
 * once, the page reused. A screenshot of each is kept as an artefact.
 */
test('every screen of the admin has no serious or critical violation, light and dark', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  const found = await screenViolations(page, 'admin', SCREENS, (name) =>
    test.info().outputPath(`axe-${name.replace(/[^\w-]+/g, '-')}.png`),
  );
  expect(found).toEqual([]);
});
