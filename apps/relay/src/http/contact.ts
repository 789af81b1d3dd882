/**
 * Speed to contact: the agency's contact target, the contact clocks of its purchases and the
 * dashboard's speed figures. One route a file under contact/; this file lists them in the order
 * they are mounted.
 * Invariant: every route here answers about the caller's own agency only (admins: the speed
 * figures of the market); clocks are never answered to another agency.
 */
import type { Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import { contactClocksRoute } from './contact/contactClocks.js';
import { contactSpeedRoute } from './contact/contactSpeed.js';
import { contactTargetRoutes, type ContactTargetDeps } from './contact/contactTarget.js';
import type { ClockDeps } from './contact/deps.js';

/** The speed-to-contact routes, in the order they are mounted. */
export function contactRoutes(
  d: GatewayDeps,
  s: ClockDeps,
  announce: ContactTargetDeps['announce'],
): Route[] {
  return [
    ...contactTargetRoutes(d, { store: s.targets, announce }),
    contactClocksRoute(d, s),
    contactSpeedRoute(d, s),
  ];
}
