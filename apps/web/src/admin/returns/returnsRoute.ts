import type { Access, NavEntry, NavLink } from '@referrals/shared';

/**
 * The Returns queue's route. Like the Audit Log's, it lives here only because packages/shared
 * was out of bounds when the screen was built; it belongs in the shared ROUTES.
 */
export const RETURNS_ROUTE = 'admin/returns';

const RETURNS_LINK: NavLink = { id: 'returns', label: 'Returns', path: RETURNS_ROUTE };

/** The side navigation with Returns after Claim-It Transactions in an admin's marketplace group. */
export const withReturns = (entries: readonly NavEntry[], access: Access): readonly NavEntry[] =>
  access.isAdmin
    ? entries.map((e) =>
        e.kind === 'group'
          ? {
              ...e,
              items: e.items.flatMap((i) =>
                i.id === 'claim-it-transactions' ? [i, RETURNS_LINK] : [i],
              ),
            }
          : e,
      )
    : entries;
