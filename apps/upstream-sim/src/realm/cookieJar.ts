/**
 * A minimal cookie jar for one host, enough to carry the realm's session and interaction cookies
 * through a login without a browser. Paths and expiry dates are not tracked: every cookie goes to
 * every request, which the realm tolerates; cleared cookies are dropped.
 */
export class CookieJar {
  private readonly jar = new Map<string, string>();

  /** Keeps the cookies a response sets. */
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const cleared = attributes.some((a) => /^\s*(max-age=0|expires=.*1970)/i.test(a));
      if (value === '' || cleared) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** The Cookie header for the next request. */
  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
