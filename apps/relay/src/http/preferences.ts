/**
 * `GET` and `PUT /api/me/preferences`: the signed-in user's own preferences.
 * Invariant: the key is the verified token's username, never a value from the request, so nobody
 * reads or writes another user's preferences.
 */
import { API, userPreferencesSchema, type UserPreferences } from '@referrals/shared';
import { ok, principalOf, type Route } from './api.js';
import type { PreferencesStore } from '../db/preferences.js';
import { validateBody } from './validateBody.js';

/**
 * The signed-in user's own preferences. The key is the verified token's username, never a value
 * from the request, so nobody reads or writes another user's preferences.
 */
export function preferenceRoutes(store: PreferencesStore): Route[] {
  return [
    {
      ...API.preferences,
      guard: 'signedIn',
      handler: async (req) => ok(await store.get(principalOf(req).username)),
    },
    {
      ...API.savePreferences,
      guard: 'signedIn',
      write: true,
      audit: {
        action: 'preferences.update',
        before: (req) => store.get(principalOf(req).username),
      },
      handler: async (req) => {
        const v = validateBody(userPreferencesSchema, req.body);
        if (!v.ok) return v.answer;
        // Rebuilt field by field: what is stored is exactly the contract, whatever was sent.
        const prefs: UserPreferences = {
          alerts: { enabled: v.value.alerts.enabled, sound: v.value.alerts.sound },
          theme: v.value.theme,
        };
        await store.put(principalOf(req).username, prefs);
        return ok(prefs);
      },
    },
  ];
}
