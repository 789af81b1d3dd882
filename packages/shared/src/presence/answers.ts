/** The REST answers of team presence (the published contract's JSON Schemas). */
import { Type } from 'typebox';
import { schemaOf } from '../rest/components.js';
import type { PresenceHold, ReferralPresence } from './protocol.js';

/** A soft hold of a referral by a teammate. */
export const presenceHoldAnswer = schemaOf<PresenceHold>()(
  Type.Object({
    referralId: Type.Integer(),
    username: Type.String(),
    name: Type.String(),
    since: Type.String(),
    until: Type.String(),
  }),
);

/** A referral's viewers and hold within the caller's agency. */
export const referralPresenceAnswer = schemaOf<ReferralPresence>()(
  Type.Object({
    referralId: Type.Integer(),
    viewers: Type.Array(Type.Object({ username: Type.String(), name: Type.String() })),
    hold: Type.Union([presenceHoldAnswer, Type.Null()]),
  }),
);
