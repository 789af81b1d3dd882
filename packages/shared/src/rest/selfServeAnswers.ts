/** The answers and bodies of the self-serve marketplace routes (an agency steers its own flow). */
import { Type, type TSchema } from 'typebox';
import type { MyMarketplace, SelfServeSettings } from '../marketplaces/selfServe.js';
import { schemaOf, yupRef } from './components.js';

/** Nullable, as the relay's JSON writes a missing value. */
const orNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The relay's settings of one marketplace: the admin's bounds and the pause window. */
export const selfServeAnswer = schemaOf<SelfServeSettings>()(
  Type.Object({
    marketplaceId: Type.Integer(),
    bounds: Type.Object({
      maxPerDay: orNull(Type.Integer({ minimum: 1 })),
      maxPerWeek: orNull(Type.Integer({ minimum: 1 })),
    }),
    pause: orNull(
      Type.Object({ from: Type.String(), until: Type.String(), active: Type.Boolean() }),
    ),
    updatedBy: orNull(Type.String()),
    updatedAt: orNull(Type.String()),
  }),
);

/** An agency's marketplace as its appetite screen shows it. */
export const myMarketplaceAnswer = schemaOf<MyMarketplace>()(
  Type.Object({
    id: Type.Integer(),
    marketplaceName: Type.String(),
    enabled: Type.Boolean(),
    version: Type.String(),
    riskAppetite: yupRef('RiskAppetite'),
    selfServe: selfServeAnswer,
    deliveredToday: orNull(Type.Integer({ minimum: 0 })),
    canChange: Type.Boolean(),
  }),
);

/** An agency's change: caps, a pause (null: end it), or both, over the version it loaded. */
export const selfServeChangeBody = Type.Object({
  version: Type.String(),
  caps: Type.Optional(
    Type.Object({
      maxPerDay: Type.Integer({ minimum: 1 }),
      maxPerWeek: Type.Integer({ minimum: 1 }),
    }),
  ),
  pause: Type.Optional(orNull(Type.Object({ from: Type.String(), until: Type.String() }))),
});

/** An administrator's bounds on an agency's own caps (null: the agency may not set it). */
export const selfServeBoundsBody = Type.Object({
  maxPerDay: orNull(Type.Integer({ minimum: 1 })),
  maxPerWeek: orNull(Type.Integer({ minimum: 1 })),
});
