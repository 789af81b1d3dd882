/** The answers and bodies of the speed-to-contact routes (contact clocks, target, speed). */
import { Type, type TSchema } from 'typebox';
import type { ContactClock, ContactSpeedFigures, ContactTarget } from '../pipeline/contactClock.js';
import { CONTACT_TARGET } from '../pipeline/contactClock.js';
import { schemaOf } from './components.js';

/** Nullable, as the relay's JSON writes a missing value. */
const orNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const minutes = Type.Integer({
  minimum: CONTACT_TARGET.minMinutes,
  maximum: CONTACT_TARGET.maxMinutes,
});

/** An agency's contact target. */
export const contactTargetAnswer = schemaOf<ContactTarget>()(
  Type.Object({
    agency: Type.String(),
    minutes,
    updatedBy: orNull(Type.String()),
    updatedAt: orNull(Type.String()),
    canChange: Type.Boolean(),
  }),
);

/** The body of an agency admin's change of the target. */
export const contactTargetBody = Type.Object({ minutes });

/** One bought referral's contact clock. */
export const contactClockAnswer = schemaOf<ContactClock>()(
  Type.Object({
    referralId: Type.Integer(),
    claimedAt: Type.String(),
    claimedBy: orNull(Type.String()),
    contactedAt: orNull(Type.String()),
    contactedBy: orNull(Type.String()),
  }),
);

/** The clocks of some referrals, with the target they count against. */
export const contactClocksAnswer = Type.Object({
  targetMinutes: minutes,
  items: Type.Array(contactClockAnswer),
});

/** The dashboard's speed figures. */
export const contactSpeedAnswer = schemaOf<ContactSpeedFigures>()(
  Type.Object({
    since: Type.String(),
    byProducer: Type.Array(
      Type.Object({
        producer: Type.String(),
        claimed: Type.Integer({ minimum: 0 }),
        contacted: Type.Integer({ minimum: 0 }),
        medianMs: orNull(Type.Number({ minimum: 0 })),
      }),
    ),
    bySpeed: Type.Array(
      Type.Object({
        speed: Type.Union([
          Type.Literal('under5'),
          Type.Literal('from5to30'),
          Type.Literal('over30'),
          Type.Literal('none'),
        ]),
        referrals: Type.Integer({ minimum: 0 }),
        bound: Type.Integer({ minimum: 0 }),
        boundRate: Type.Number({ minimum: 0, maximum: 1 }),
      }),
    ),
  }),
);
