/** Feature flag rules (marketplace-admin.md sections 2.3, 4, 5, 8), pure and without I/O. */
export * from './flags.js';
export * from './schemas.js';
