import { ADMIN_ROUTES, type AuditEntry } from '@referrals/shared';
import { RETURNS_ROUTE } from '../returns/returnsRoute';
import { referralHref } from '../referralLink';

/** An entry's target as the log shows it: words, and where they lead (null: nowhere). */
export interface TargetView {
  readonly text: string;
  readonly href: string | null;
}

/** A field of the state before or after the write, when it is a non-empty text. */
const named = (entry: AuditEntry, field: string): string | null => {
  for (const state of [entry.after, entry.before]) {
    const v = (state as Record<string, unknown> | null)?.[field];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return null;
};

/**
 * The relay records targets as 'flag 5', 'marketplace 4', 'referral 1878', 'return 3'. A person
 * knows flags and marketplaces by name (the before or after of the entry carries it) and referrals
 * by number: 'Flag talk-now', 'Marketplace Lone Star Insurance Group', 'Referral #1878', each a
 * link to where it lives. A target of another kind, or without a name, is shown as recorded.
 */
export const auditTarget = (entry: AuditEntry): TargetView | null => {
  if (entry.target === null) return null;
  const m = /^(flag|marketplace|referral|return) (\d+)$/.exec(entry.target);
  if (!m) return { text: entry.target, href: null };
  const id = Number(m[2]);
  switch (m[1]) {
    case 'flag': {
      const name = named(entry, 'name');
      return { text: name ? `Flag ${name}` : `Flag #${id}`, href: '/admin/feature-flags' };
    }
    case 'marketplace': {
      const name = named(entry, 'marketplaceName');
      return {
        text: name ? `Marketplace ${name}` : `Marketplace #${id}`,
        href: ADMIN_ROUTES.marketplace(id),
      };
    }
    case 'referral':
      return { text: `Referral #${id}`, href: referralHref(id) };
    default:
      return { text: `Return #${id}`, href: `/${RETURNS_ROUTE}` };
  }
};
