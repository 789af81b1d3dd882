import { describe, expect, it } from 'vitest';
import { keycloakRedirectPattern, redirectUriMatches } from './clientRules.js';

const registered = [
  'http://localhost:8080/*',
  'http://localhost:5173/app/*',
  'https://exact.test/cb',
];

describe("Keycloak's redirect URI rule", () => {
  it('builds the pattern of a console origin', () => {
    expect(keycloakRedirectPattern('http://localhost:8080')).toBe('http://localhost:8080/*');
    expect(keycloakRedirectPattern('http://localhost:8080/')).toBe('http://localhost:8080/*');
  });

  it.each([
    'http://localhost:8080',
    'http://localhost:8080/',
    'http://localhost:8080/deep/path?q=1',
    'http://localhost:5173/app/',
    'http://localhost:5173/app/x',
    'https://exact.test/cb',
  ])('allows %s', (uri) => {
    expect(redirectUriMatches(uri, registered)).toBe(true);
  });

  it.each([
    'http://localhost:8081/',
    'https://localhost:8080/',
    'http://localhost:8080.evil.test/',
    'http://user@localhost:8080/',
    'http://localhost:8080/#fragment',
    'http://localhost:5173/other',
    'https://exact.test/cb/more',
    'not a url',
  ])('refuses %s', (uri) => {
    expect(redirectUriMatches(uri, registered)).toBe(false);
  });
});
