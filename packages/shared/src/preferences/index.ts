/** Per-user console preferences: the schema both the relay and the web app validate with. */
export * from './schemas.js';
