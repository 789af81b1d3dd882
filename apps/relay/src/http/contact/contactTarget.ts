/**
 * `GET` and `PUT /api/my-agency/contact-target`: the minutes within which the agency means to
 * contact a referral it claimed. Its users read it; its admin sets it (1 to 240 minutes).
 * Invariant: the agency is the caller's own; a refused change (not the admin, out of range)
 * writes nothing and says why.
 */
import { API, contactTargetSchema, type ContactTarget } from '@referrals/shared';
import type { ContactTargetStore, StoredContactTarget } from '../../db/contactTarget.js';
import { fail, ok, principalOf, type ApiRequest, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { validateBody } from '../validateBody.js';
import { callerAgency } from './agencyOf.js';

const NOT_ADMIN = "Only your agency's admin may change the contact target.";

const viewOf = (t: StoredContactTarget, req: ApiRequest): ContactTarget => ({
  ...t,
  canChange: principalOf(req).access.isAgencyAdmin,
});

/** What the contact-target routes need beside the gateway's own. */
export interface ContactTargetDeps {
  readonly store: ContactTargetStore;
  /** Tells the agency's screens that its target changed (after it was stored). */
  readonly announce: (agency: { agency: string; agencyId: number | null }) => void;
}

export function contactTargetRoutes(
  d: Pick<GatewayDeps, 'profiles'>,
  c: ContactTargetDeps,
): Route[] {
  return [
    {
      ...API.contactTarget,
      guard: 'signedIn',
      handler: async (req) => {
        const mine = await callerAgency(d.profiles, req);
        if (!mine.ok) return mine.answer;
        return ok(viewOf(await c.store.get(mine.agency), req));
      },
    },
    {
      ...API.saveContactTarget,
      guard: 'signedIn',
      write: true,
      audit: {
        action: 'agency.contactTarget',
        target: () => 'contact target',
        before: async (req) => {
          const mine = await callerAgency(d.profiles, req).catch(() => null);
          if (!mine?.ok) return null;
          const { agency, minutes } = await c.store.get(mine.agency);
          return { agency, minutes };
        },
        after: (body) => {
          const { agency, minutes } = body as ContactTarget;
          return { agency, minutes };
        },
      },
      handler: async (req) => {
        const mine = await callerAgency(d.profiles, req);
        if (!mine.ok) return mine.answer;
        if (!principalOf(req).access.isAgencyAdmin) return fail(403, NOT_ADMIN);
        const body = validateBody(contactTargetSchema, req.body);
        if (!body.ok) return body.answer;
        const saved = await c.store.set(mine.agency, body.value.minutes, principalOf(req).username);
        c.announce(mine);
        return ok(viewOf(saved, req));
      },
    },
  ];
}
