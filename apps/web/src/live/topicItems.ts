import type { TopicItems, TopicKind } from '@referrals/shared';

/** The id of an item of each topic, as the server names removed items. */
const ID_OF: { readonly [K in TopicKind]: (item: TopicItems[K]) => string } = {
  publicFeed: (o) => String(o.opportunityId),
  referrals: (o) => String(o.opportunityId),
  inAppetite: (o) => String(o.opportunityId),
  acquired: (o) => String(o.opportunityId),
  marketplaces: (m) => String(m.id),
  deliveryStats: (s) => String(s.marketplaceId),
  deliveryErrors: (e) => e.id,
  featureFlags: (f) => String(f.id),
  status: (s) => s.id,
  dashboard: (d) => d.id,
  auditLog: (e) => String(e.id),
  pipeline: (p) => String(p.referralId),
  returns: (r) => String(r.id),
};

/** The id of an item of a topic. */
export const itemId = <K extends TopicKind>(kind: K, item: TopicItems[K]): string =>
  ID_OF[kind](item);
