export * from './types.js';
export * from './hours.js';
export * from './rules.js';
export * from './privileged.js';
export * from './agent.js';
