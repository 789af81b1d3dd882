export * from './referralQuery.js';
export * from './parseQuery.js';
