export * from './chromium.js';
