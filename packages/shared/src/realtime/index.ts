export * from './topics.js';
export * from './topicItems.js';
export * from './topicRegistry.js';
export * from './rooms.js';
export * from './projections.js';
export * from './contract.js';
export * from './schemas.js';
