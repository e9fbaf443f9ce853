import fs from 'node:fs';
import { X509Certificate, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Reading the payment channels' keys from the environment. A merchant gets them in three shapes: a PEM file
 * (WeChat Pay's apiclient_key.pem, its platform certificate or public key), the PEM text itself (a secret store puts
 * it in a variable, often with `\n` for the line breaks), or bare base64 without the PEM lines (what Alipay's key
 * tool shows). Each reader answers the key or one sentence of what is wrong; the sentence never quotes the value.
 */
export type TKeyRead<T> = { ok: true; value: T } | { ok: false; problem: string };

const bad = <T>(problem: string): TKeyRead<T> => ({ ok: false, problem });

/** The PEM text, the DER bytes, or the file's contents, as given. */
function material(raw: string): { pem: string } | { der: Buffer } | { problem: string } {
  const v = raw.trim();
  if (v.includes('-----BEGIN')) return { pem: v.replace(/\\n/g, '\n') };
  const compact = v.replace(/\s+/g, '');
  if (compact.length >= 64 && /^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return { der: Buffer.from(compact, 'base64') };
  // anything else is a file name (a short value that is neither PEM nor base64 cannot be a key itself)
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(v);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      problem:
        code === 'ENOENT'
          ? `no such file: ${v} (give the PEM text, base64 of the key, or a file path)`
          : `cannot read ${v} (${code ?? 'error'})`,
    };
  }
  const text = bytes.toString('utf8');
  if (text.includes('-----BEGIN')) return { pem: text };
  const b64 = text.replace(/\s+/g, '');
  if (b64.length >= 64 && /^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return { der: Buffer.from(b64, 'base64') };
  return { der: bytes };
}

const rsaProblem = (k: KeyObject): string | null => {
  if (k.asymmetricKeyType !== 'rsa') return `must be an RSA key (got ${k.asymmetricKeyType ?? 'another kind'})`;
  const bits = k.asymmetricKeyDetails?.modulusLength ?? 0;
  return bits < 2048 ? `must be an RSA key of at least 2048 bits (got ${bits})` : null;
};

/** A merchant's RSA private key (PKCS#8 or PKCS#1), for signing requests. */
export function readPrivateKey(raw: string): TKeyRead<KeyObject> {
  const m = material(raw);
  if ('problem' in m) return bad(m.problem);
  let key: KeyObject | null = null;
  if ('pem' in m) {
    if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(m.pem))
      return bad('must be a private key (PEM "BEGIN PRIVATE KEY" or "BEGIN RSA PRIVATE KEY")');
    try {
      key = createPrivateKey(m.pem);
    } catch {
      return bad('is not a readable private key (damaged PEM)');
    }
  } else {
    for (const type of ['pkcs8', 'pkcs1'] as const) {
      try {
        key = createPrivateKey({ key: m.der, format: 'der', type });
        break;
      } catch {
        // the other encoding
      }
    }
    if (!key) return bad('is not a readable private key (neither PKCS#8 nor PKCS#1)');
  }
  const p = rsaProblem(key);
  return p ? bad(p) : { ok: true, value: key };
}

/** A channel's RSA public key (SPKI or PKCS#1), for verifying what it signs. */
export function readPublicKey(raw: string): TKeyRead<KeyObject> {
  const m = material(raw);
  if ('problem' in m) return bad(m.problem);
  let key: KeyObject | null = null;
  if ('pem' in m) {
    if (/PRIVATE KEY-----/.test(m.pem)) return bad('must be a public key, not a private one');
    try {
      key = createPublicKey(m.pem);
    } catch {
      return bad('is not a readable public key (damaged PEM)');
    }
  } else {
    for (const type of ['spki', 'pkcs1'] as const) {
      try {
        key = createPublicKey({ key: m.der, format: 'der', type });
        break;
      } catch {
        // the other encoding
      }
    }
    if (!key) return bad('is not a readable public key (neither SPKI nor PKCS#1)');
  }
  const p = rsaProblem(key);
  return p ? bad(p) : { ok: true, value: key };
}

/** An X.509 certificate (WeChat Pay's platform certificate): its serial number and public key. */
export function readCertificate(raw: string, now = new Date()): TKeyRead<{ serial: string; key: KeyObject }> {
  const m = material(raw);
  if ('problem' in m) return bad(m.problem);
  let cert: X509Certificate;
  try {
    cert = new X509Certificate('pem' in m ? m.pem : m.der);
  } catch {
    return bad('is not a readable X.509 certificate');
  }
  if (new Date(cert.validTo).getTime() < now.getTime())
    return bad(`expired on ${new Date(cert.validTo).toISOString().slice(0, 10)}: download the current one`);
  const p = rsaProblem(cert.publicKey);
  return p ? bad(p) : { ok: true, value: { serial: cert.serialNumber.toUpperCase(), key: cert.publicKey } };
}
