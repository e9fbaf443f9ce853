import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import SparkMD5 from 'spark-md5';
import { hashBlob } from './md5Hash';

describe('hashBlob (the MD5 the listing form sends to POST /search/checkImg)', () => {
  it("equals the server's MD5 of the same bytes, for an empty file, a small one and one read in several chunks", async () => {
    for (const bytes of [Buffer.alloc(0), randomBytes(1000), randomBytes(5 * 1024 * 1024 + 7)]) {
      expect(await hashBlob(SparkMD5, new Blob([bytes]))).toBe(createHash('md5').update(bytes).digest('hex'));
    }
  });
});
