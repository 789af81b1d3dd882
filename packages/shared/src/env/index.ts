export * from './envSchema.js';
