/** The REST contract: every operation of the relay, its schemas, and the types derived from them. */
export * from './endpoint.js';
export * from './endpoints.js';
export * from './answers.js';
export * from './components.js';
export * from './selfServeAnswers.js';
export * from './contactAnswers.js';
export type * from './types.js';
