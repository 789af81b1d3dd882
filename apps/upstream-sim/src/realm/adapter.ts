import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { TokenWrapper, WrappedKind } from './keycloakTokens.js';

interface Entry {
  readonly payload: AdapterPayload;
  /** Epoch milliseconds, or undefined for entries without a lifetime. */
  readonly expiresAt: number | undefined;
}

/** Sweep expired entries every this many writes, so a long-running dev realm stays small. */
const SWEEP_EVERY = 500;

const isWrappedKind = (name: string): name is WrappedKind =>
  name === 'AccessToken' || name === 'RefreshToken';

/**
 * In-memory storage for oidc-provider (its own memory adapter prints a production warning and
 * cannot be extended). Two things are specific to this realm:
 * - AccessToken and RefreshToken are found only by their Keycloak-shaped JWT wrapper, which is
 *   unwrapped to the opaque value here, so oidc-provider's token, userinfo and revocation
 *   endpoints accept the tokens clients actually hold. The bare opaque value (the wrapper's jti) is
 *   not a credential on its own.
 * - sessionsWithSid() lets logout find the session named by an id_token_hint without a cookie.
 */
export class RealmStore {
  private readonly models = new Map<string, Map<string, Entry>>();
  private writes = 0;

  constructor(private readonly wrapper: TokenWrapper) {}

  /** The factory to pass as oidc-provider's `adapter` option. */
  readonly factory: AdapterFactory = (name) => this.adapterFor(name);

  /** The stored record of a model's entry (by its opaque id), if it is live. */
  stored(model: string, id: string): AdapterPayload | undefined {
    return this.get(model, id);
  }

  /** Deletes a grant and every token issued under it, in every model. */
  revokeGrant(grantId: string): void {
    this.model('Grant').delete(grantId);
    for (const entries of this.models.values()) {
      for (const [id, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(id);
    }
  }

  /** Ids of the live sessions that hold a client authorization with this sid. */
  sessionsWithSid(sid: string): string[] {
    const ids: string[] = [];
    for (const [id, entry] of this.model('Session')) {
      if (!this.live(entry)) continue;
      const authorizations = entry.payload.authorizations ?? {};
      if (Object.values(authorizations).some((a) => a.sid === sid)) ids.push(id);
    }
    return ids;
  }

  private model(name: string): Map<string, Entry> {
    let entries = this.models.get(name);
    if (entries === undefined) {
      entries = new Map();
      this.models.set(name, entries);
    }
    return entries;
  }

  private live(entry: Entry): boolean {
    return entry.expiresAt === undefined || entry.expiresAt > Date.now();
  }

  private get(name: string, id: string): AdapterPayload | undefined {
    const entry = this.model(name).get(id);
    if (entry === undefined) return undefined;
    if (this.live(entry)) return entry.payload;
    this.model(name).delete(id);
    return undefined;
  }

  private sweep(): void {
    for (const entries of this.models.values()) {
      for (const [id, entry] of entries) if (!this.live(entry)) entries.delete(id);
    }
  }

  private adapterFor(name: string): Adapter {
    const entries = this.model(name);
    const find = (id: string) => Promise.resolve(this.get(name, id));
    return {
      upsert: (id, payload, expiresIn) => {
        entries.set(id, {
          payload,
          expiresAt: expiresIn === undefined ? undefined : Date.now() + expiresIn * 1000,
        });
        if (++this.writes % SWEEP_EVERY === 0) this.sweep();
        return Promise.resolve();
      },
      find: isWrappedKind(name)
        ? async (value) => {
            const id = await this.wrapper.unwrap(value, name);
            return id === undefined ? undefined : this.get(name, id);
          }
        : find,
      findByUid: (uid) => {
        for (const entry of entries.values()) {
          if (entry.payload.uid === uid && this.live(entry)) return Promise.resolve(entry.payload);
        }
        return Promise.resolve(undefined);
      },
      findByUserCode: () => Promise.resolve(undefined),
      consume: (id) => {
        const entry = entries.get(id);
        if (entry !== undefined) {
          const consumed = Math.floor(Date.now() / 1000);
          entries.set(id, { ...entry, payload: { ...entry.payload, consumed } });
        }
        return Promise.resolve();
      },
      destroy: (id) => {
        entries.delete(id);
        return Promise.resolve();
      },
      revokeByGrantId: (grantId) => {
        for (const [id, entry] of entries)
          if (entry.payload.grantId === grantId) entries.delete(id);
        return Promise.resolve();
      },
    };
  }
}
