export * from './referralQuery.js';
export * from './parseQuery.js';
export * from './membership.js';
export * from './querySchema.js';
export * from './expiringFirst.js';
