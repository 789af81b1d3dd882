/** Team presence and soft holds: the protocol, its texts and its validation. */
export * from './protocol.js';
export * from './schemas.js';
