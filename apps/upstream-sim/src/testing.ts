/**
 * What other workspaces' tests use to run the stand-in in process: the app factory and its config
 * parser and its schema. Production code never imports this (the relay reaches the stand-in over HTTP only).
 */
export { createSimApp, type SimDeps } from './app.js';
export { parseConfig, simEnvSchema, type SimConfig } from './config.js';
export { getDemoTokens, refreshTokens } from './realm/tokenClient.js';
