import type { Access, NavEntry, NavLink } from '@referrals/shared';

/**
 * The Audit Log screen's route, as the router spells it. It lives here, not in the shared ROUTES,
 * only because packages/shared was out of bounds when the screen was built; it belongs there.
 */
export const AUDIT_LOG_ROUTE = 'admin/audit-log';

const AUDIT_LOG_LINK: NavLink = { id: 'audit-log', label: 'Audit Log', path: AUDIT_LOG_ROUTE };

/** The side navigation with Audit Log after Feature Flags in an admin's Developer group. */
export const withAuditLog = (entries: readonly NavEntry[], access: Access): readonly NavEntry[] =>
  access.isAdmin
    ? entries.map((e) =>
        e.kind === 'group' && e.id === 'developer'
          ? {
              ...e,
              items: e.items.flatMap((i) => (i.id === 'feature-flags' ? [i, AUDIT_LOG_LINK] : [i])),
            }
          : e,
      )
    : entries;
