import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { DataKeyError, Vault, dataKeyId, loadKeyFile, vaultOf } from './crypto';

const key = () => randomBytes(32);
const b64 = (k: Buffer) => k.toString('base64');

describe('Vault: AES-256-GCM with key ids and blind indexes', () => {
  it('round-trips, with a fresh IV each time, naming the key that encrypted', () => {
    const k = key();
    const v = new Vault([k]);
    const a = v.encrypt('bank_no', '6222021001123456');
    const b = v.encrypt('bank_no', '6222021001123456');
    expect(a).toMatch(new RegExp(`^ev1:${dataKeyId(k)}:[A-Za-z0-9_-]+$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain('6222021001123456');
    expect(v.decrypt('bank_no', a)).toBe('6222021001123456');
    expect(v.decrypt('bank_no', b)).toBe('6222021001123456');
    expect(v.keyIdOf(a)).toBe(v.primaryId);
  });

  it('refuses a changed value, a value of another kind and a value under a key it does not have, saying which', () => {
    const v = new Vault([key()]);
    const c = v.encrypt('id_card', '310115199001011234');
    const raw = Buffer.from(c.split(':')[2], 'base64url');
    raw[14] ^= 1;
    expect(() => v.decrypt('id_card', `ev1:${v.primaryId}:${raw.toString('base64url')}`)).toThrow(
      /does not decrypt: wrong key or damaged value/,
    );
    // the kind is the associated data: an ID number moved into a bank column does not decrypt there
    expect(() => v.decrypt('bank_no', c)).toThrow(DataKeyError);
    const other = new Vault([key()]);
    expect(() => other.decrypt('id_card', c)).toThrow(new RegExp(`data key ${v.primaryId}, which is not loaded`));
    // a key with the same id but other bytes cannot exist; a wrong key under a forged id fails on the tag
    expect(() => other.decrypt('id_card', c.replace(v.primaryId, other.primaryId))).toThrow(
      /wrong key or damaged value/,
    );
  });

  it('passes a value through that is not ciphertext yet (a row from before encryption)', () => {
    expect(new Vault([key()]).decrypt('bank_no', '6222021001123456')).toBe('6222021001123456');
  });

  it("with several keys the first encrypts and every one decrypts; lookups try each key's blind index", () => {
    const oldK = key();
    const newK = key();
    const before = new Vault([oldK]);
    const after = new Vault([newK, oldK]);
    const c = before.encrypt('bank_no', '6222021001123456');
    expect(after.decrypt('bank_no', c)).toBe('6222021001123456');
    expect(after.keyIdOf(after.encrypt('bank_no', '1'))).toBe(dataKeyId(newK));
    expect(after.blindIndexes('bank_no', '6222 0210 0112 3456')).toEqual([
      new Vault([newK]).blindIndex('bank_no', '6222021001123456'),
      before.blindIndex('bank_no', '6222021001123456'),
    ]);
  });

  it('blind indexes are stable, normalised, separate per kind and per key, and reveal nothing of the number', () => {
    const v = new Vault([key()]);
    const i = v.blindIndex('id_card', '31011519900101123x');
    expect(i).toMatch(/^[0-9a-f]{64}$/);
    expect(v.blindIndex('id_card', '31011519900101123X')).toBe(i);
    expect(v.blindIndex('bank_no', '31011519900101123X')).not.toBe(i);
    expect(new Vault([key()]).blindIndex('id_card', '31011519900101123X')).not.toBe(i);
  });
});

describe('data keys from the environment', () => {
  it('DATA_KEYS / DATA_KEY: base64 of 32 bytes each; a bad one stops the start without being echoed', () => {
    const [a, b] = [key(), key()];
    expect(loadConfig({ DATA_KEYS: `${b64(a)}, ${b64(b)}` }).dataKeys).toEqual([a, b]);
    expect(loadConfig({ DATA_KEY: b64(a) }).dataKeys).toEqual([a]);
    const short = Buffer.from('too short a key').toString('base64');
    for (const env of [
      { DATA_KEYS: short },
      { DATA_KEYS: `${b64(a)},${short}` },
      { DATA_KEY: `${b64(a)},${b64(b)}` },
    ]) {
      let message = '';
      try {
        loadConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        message = (e as Error).message;
      }
      expect(message).toMatch(/DATA_KEYS?: must be base64 of 32 bytes/);
      expect(message).toContain('(value hidden)');
      expect(message).not.toContain(short);
    }
    expect(() => loadConfig({ DATA_KEYS: b64(a), DATA_KEY: b64(b) })).toThrow(/set DATA_KEYS or DATA_KEY, not both/);
  });

  it('production without a key refuses to start with one clear configuration line', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMS_CONSOLE_IN_PRODUCTION: '1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-key-')),
    });
    expect(() => vaultOf(config)).toThrow(ConfigError);
    expect(() => vaultOf(config)).toThrow(
      'DATA_KEYS: required when NODE_ENV=production (base64 of 32 random bytes: openssl rand -base64 32)',
    );
    expect(fs.existsSync(config.dataKeyFile)).toBe(false);
    const k = key();
    expect(
      vaultOf(loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_IN_PRODUCTION: '1', DATA_KEY: b64(k) })).primaryId,
    ).toBe(dataKeyId(k));
  });

  it('outside production without a key: a key file generated once in DATA_DIR, mode 0600, then reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-key-'));
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    const v = vaultOf(config);
    expect(vaultOf(config)).toBe(v);
    const file = path.join(dir, 'data.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const c = v.encrypt('bank_no', '6222021001123456');
    // another process on the same DATA_DIR (a restart) reads the same key and never overwrites it
    const again = vaultOf(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }));
    expect(again.primaryId).toBe(v.primaryId);
    expect(again.decrypt('bank_no', c)).toBe('6222021001123456');
    expect(loadKeyFile(file).equals(loadKeyFile(file))).toBe(true);
    fs.writeFileSync(file, 'not a key\n');
    expect(() => loadKeyFile(file)).toThrow(/does not hold one base64 key of 32 bytes/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
