/**
 * A column of content hashes (see contentHash: SHA-1 in base64, 28 characters) kept as their
 * 20 bytes each in one typed array, not as strings: the sync's table of 1,000,000 referrals holds
 * two a referral, and a page's rows cross from the page worker as columns. A hash that is not a
 * SHA-1 in base64 as contentHash writes it (one written by another version, a test's) is kept as
 * its text apart; '' is a kind of its own. Invariant: a hash reads back as the text it was set
 * with, and two hashes are the same exactly when their texts are.
 */

/** Bytes of a hash. */
export const HASH_BYTES = 20;
/** Characters of a hash in base64: 27 and one '='. */
const HASH_CHARS = 28;

/** How a hash is kept: the empty text, its bytes, or its text apart. */
const EMPTY = 0;
const BYTES = 1;
const TEXT = 2;

/** Each base64 character's 6 bits, 255 for any other character. */
const SEXTET = ((): Uint8Array => {
  const table = new Uint8Array(128).fill(255);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i += 1) table[alphabet.charCodeAt(i)] = i;
  return table;
})();

const sextet = (text: string, i: number): number => {
  const c = text.charCodeAt(i);
  return c < 128 ? (SEXTET[c] as number) : 255;
};

/**
 * Decodes a hash's base64 into `into` at `at` when it is one as contentHash writes it (28
 * characters, one '=', the last character's two spare bits clear: the only text that reads back
 * the same); false otherwise, `into` then partly written. In JavaScript: Buffer's decoder costs a
 * call into C++ a hash, and a check that it reads back the same a string more, a large part of
 * the turn in which a relay compares a chunk of 10,000.
 */
export function decodeHash(text: string, into: Uint8Array, at: number): boolean {
  if (text.length !== HASH_CHARS || text.charCodeAt(HASH_CHARS - 1) !== 61 /* '=' */) return false;
  let o = at;
  // Six groups of four characters (three bytes each), then three characters for the last two.
  for (let i = 0; i < 24; i += 4) {
    const a = sextet(text, i);
    const b = sextet(text, i + 1);
    const c = sextet(text, i + 2);
    const d = sextet(text, i + 3);
    if ((a | b | c | d) > 63) return false;
    into[o] = (a << 2) | (b >> 4);
    into[o + 1] = ((b & 15) << 4) | (c >> 2);
    into[o + 2] = ((c & 3) << 6) | d;
    o += 3;
  }
  const a = sextet(text, 24);
  const b = sextet(text, 25);
  const c = sextet(text, 26);
  if ((a | b | c) > 63 || (c & 3) !== 0) return false;
  into[o] = (a << 2) | (b >> 4);
  into[o + 1] = ((b & 15) << 4) | (c >> 2);
  return true;
}

/** A column's content as it crosses between threads (typed arrays transferred, not copied). */
export interface HashColumnData {
  readonly bytes: Uint8Array;
  readonly kinds: Uint8Array;
  /** The texts kept apart, by index. */
  readonly texts: Map<number, string>;
}

export class HashColumn {
  readonly bytes: Uint8Array;
  /** How each index's hash is kept (EMPTY, BYTES or TEXT). */
  readonly kinds: Uint8Array;
  private readonly texts: Map<number, string>;

  /** A column of `size` empty hashes, or one that crossed from another thread. */
  constructor(size: number | HashColumnData) {
    if (typeof size === 'number') {
      this.bytes = new Uint8Array(size * HASH_BYTES);
      this.kinds = new Uint8Array(size);
      this.texts = new Map();
    } else {
      ({ bytes: this.bytes, kinds: this.kinds, texts: this.texts } = size);
    }
  }

  /** The column as it crosses to another thread, and the buffers to transfer. */
  data(): { data: HashColumnData; transfer: ArrayBuffer[] } {
    return {
      data: { bytes: this.bytes, kinds: this.kinds, texts: this.texts },
      transfer: [this.bytes.buffer as ArrayBuffer, this.kinds.buffer as ArrayBuffer],
    };
  }

  set(i: number, text: string): void {
    this.texts.delete(i);
    if (text === '') this.kinds[i] = EMPTY;
    else if (decodeHash(text, this.bytes, i * HASH_BYTES)) this.kinds[i] = BYTES;
    else {
      this.kinds[i] = TEXT;
      this.texts.set(i, text);
    }
  }

  get(i: number): string {
    const kind = this.kinds[i];
    if (kind === EMPTY) return '';
    if (kind === TEXT) return this.texts.get(i) ?? '';
    return Buffer.from(
      this.bytes.buffer,
      this.bytes.byteOffset + i * HASH_BYTES,
      HASH_BYTES,
    ).toString('base64');
  }

  /** Whether the hash at `i` is `text`. */
  is(i: number, text: string): boolean {
    const kind = this.kinds[i];
    if (kind === EMPTY) return text === '';
    if (kind === TEXT) return this.texts.get(i) === text;
    if (!decodeHash(text, scratch, 0)) return false;
    return this.bytesAre(i, scratch, 0);
  }

  /** Whether the hash at `i` is the one at `j` of `other`; no string made. */
  same(i: number, other: HashColumn, j: number): boolean {
    const kind = this.kinds[i];
    if (kind !== other.kinds[j]) return false;
    if (kind === EMPTY) return true;
    if (kind === TEXT) return this.texts.get(i) === other.texts.get(j);
    return this.bytesAre(i, other.bytes, j * HASH_BYTES);
  }

  private bytesAre(i: number, bytes: Uint8Array, at: number): boolean {
    const mine = this.bytes;
    const start = i * HASH_BYTES;
    for (let k = 0; k < HASH_BYTES; k += 1) if (mine[start + k] !== bytes[at + k]) return false;
    return true;
  }
}

/** Where a text is decoded to be compared (no allocation a comparison). */
const scratch = new Uint8Array(HASH_BYTES);
