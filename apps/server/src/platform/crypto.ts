import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { ConfigError, type TConfig } from '../config';
import { parseDataKeys } from '../config.env';

/**
 * Encryption at rest of ID-card and bank account numbers (ARCHITECTURE § Resilience, privacy, history).
 *
 * - AES-256-GCM with a random 12-byte IV; the context (which kind of number) is the associated data, so a value
 *   cannot be moved to another kind of column and still decrypt.
 * - Stored as `ev1:<key id>:<base64url(iv ‖ ciphertext ‖ tag)>`: versioned, and naming its key, so several keys can
 *   be loaded at once. The first key encrypts; every loaded key decrypts (rotation: put a new key first, restart,
 *   the start re-encrypts old rows; then drop the old key).
 * - Equality lookups (a bank account already added, an ID number already verified) go through a blind index:
 *   HMAC-SHA256 of the normalised number under a key derived separately from each data key, in its own column.
 *   Lookups try the index of every loaded key, so they keep working while a rotation is under way.
 *
 * Keys: DATA_KEYS (comma-separated base64 of 32 bytes each, first encrypts) or DATA_KEY. Without them outside
 * production a key is generated once into DATA_DIR/data.key (mode 0600); production refuses to start (config.ts).
 */

export const CIPHER_PREFIX = 'ev1:';
/** the kinds of number we encrypt; each is its own associated data and blind-index domain */
export type TSecretKind = 'id_card' | 'bank_no';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DataKeyError extends Error {}

interface TKey {
  id: string;
  enc: Buffer;
  idx: Buffer;
}

const derive = (master: Buffer, info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));

/** A stable, non-secret name of a key: the first 8 hex digits of a hash of it. */
export const dataKeyId = (master: Buffer) =>
  createHash('sha256').update('jizu:data-key-id:').update(master).digest('hex').slice(0, 8);

/** The normal form of a number before its blind index: no spaces, upper case (the X of an ID card). */
export const normaliseNumber = (v: string) => v.replace(/\s+/g, '').toUpperCase();

export const isCiphertext = (v: string) => v.startsWith(CIPHER_PREFIX);

export class Vault {
  private readonly keys: TKey[];
  private readonly byId: Map<string, TKey>;

  constructor(masters: Buffer[]) {
    if (!masters.length) throw new DataKeyError('no data key loaded');
    for (const m of masters) if (m.length !== 32) throw new DataKeyError('a data key must be 32 bytes');
    this.keys = masters.map((m) => ({
      id: dataKeyId(m),
      enc: derive(m, 'jizu:aes-256-gcm:v1'),
      idx: derive(m, 'jizu:blind-index:v1'),
    }));
    this.byId = new Map(this.keys.map((k) => [k.id, k]));
  }

  /** the id of the key that encrypts */
  get primaryId(): string {
    return this.keys[0].id;
  }

  get keyIds(): string[] {
    return this.keys.map((k) => k.id);
  }

  encrypt(kind: TSecretKind, plain: string): string {
    const k = this.keys[0];
    const iv = randomBytes(IV_BYTES);
    const c = createCipheriv('aes-256-gcm', k.enc, iv);
    c.setAAD(Buffer.from(kind));
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `${CIPHER_PREFIX}${k.id}:${Buffer.concat([iv, body, c.getAuthTag()]).toString('base64url')}`;
  }

  /**
   * The plain number of a stored value. A value that is not ciphertext yet (a row from before encryption, until the
   * start's pass has reached it) is answered as it is.
   */
  decrypt(kind: TSecretKind, stored: string): string {
    if (!isCiphertext(stored)) return stored;
    const [, id, data] = stored.split(':');
    const k = this.byId.get(id);
    if (!k)
      throw new DataKeyError(
        `a stored value was encrypted with data key ${id}, which is not loaded (DATA_KEYS has ${this.keyIds.join(', ')})`,
      );
    const raw = Buffer.from(data ?? '', 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new DataKeyError(`a stored value under data key ${id} is damaged`);
    try {
      const d = createDecipheriv('aes-256-gcm', k.enc, raw.subarray(0, IV_BYTES));
      d.setAAD(Buffer.from(kind));
      d.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([d.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), d.final()]).toString('utf8');
    } catch {
      throw new DataKeyError(`a stored value under data key ${id} does not decrypt: wrong key or damaged value`);
    }
  }

  /** The key id of a stored value, or null when it is not ciphertext. */
  keyIdOf(stored: string): string | null {
    return isCiphertext(stored) ? (stored.split(':')[1] ?? null) : null;
  }

  /** The blind index under the encrypting key: what a new row stores. */
  blindIndex(kind: TSecretKind, plain: string): string {
    return this.indexWith(this.keys[0], kind, plain);
  }

  /** The blind index under every loaded key: what a lookup matches, so rows not yet rotated are still found. */
  blindIndexes(kind: TSecretKind, plain: string): string[] {
    return this.keys.map((k) => this.indexWith(k, kind, plain));
  }

  private indexWith(k: TKey, kind: TSecretKind, plain: string) {
    return createHmac('sha256', k.idx)
      .update(`${kind}\0${normaliseNumber(plain)}`)
      .digest('hex');
  }
}

/**
 * The development key in DATA_DIR/data.key: created once (mode 0600, never overwritten: `wx`), then read. Every
 * process on the same DATA_DIR uses the same key; several machines need DATA_KEYS instead.
 */
export function loadKeyFile(file: string): Buffer {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const keys = parseDataKeys(fs.readFileSync(file, 'utf8'));
  if (!keys || keys.length !== 1) throw new DataKeyError(`${file} does not hold one base64 key of 32 bytes`);
  return keys[0];
}

const vaults = new WeakMap<TConfig, Vault>();

/** The vault of a configuration: its DATA_KEYS, or the generated development key in DATA_DIR (once per process). */
export function vaultOf(config: TConfig): Vault {
  let v = vaults.get(config);
  if (!v) {
    if (config.dataKeys) v = new Vault(config.dataKeys);
    // a generated key file is for a developer's machine; production brings its own key, kept apart from the data
    else if (config.production)
      throw new ConfigError(
        'Invalid configuration:\n  DATA_KEYS: required when NODE_ENV=production (base64 of 32 random bytes: openssl rand -base64 32)',
      );
    else v = new Vault([loadKeyFile(config.dataKeyFile)]);
    vaults.set(config, v);
  }
  return v;
}
