/** @referrals/shared: the domain of the referral console, with no I/O. */
export * from './domain/opportunity.js';
export * from './domain/states.js';
export * from './domain/businessLines.js';
export * from './domain/marketplace.js';
export * from './domain/roles.js';
export * from './schemas/fieldAliases.js';
export * from './schemas/upstreamRecord.js';
export * from './schemas/opportunity.js';
export * from './schemas/marketplace.js';
export * from './schemas/admin.js';

export * from './marketplaces/index.js';
export * from './referrals/index.js';
export * from './realtime/index.js';
export * from './lists/index.js';
export * from './featureFlags/index.js';
export * from './dashboard/index.js';
export * from './preferences/index.js';
export * from './audit/index.js';
export * from './pipeline/index.js';
export * from './presence/index.js';
export * from './env/index.js';
export * from './rest/index.js';
