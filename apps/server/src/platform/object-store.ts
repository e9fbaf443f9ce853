import fs from 'node:fs/promises';
import path from 'node:path';
import type { TConfig } from '../config';

/** Where uploaded files live: local disk under DATA_DIR/uploads by default, S3-compatible later. Keys are relative paths. */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export class LocalDiskStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private file(key: string) {
    const p = path.resolve(this.root, key);
    // Keys come from the server, but a path may never leave the root.
    if (!p.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`bad object key ${key}`);
    return p;
  }

  async put(key: string, bytes: Buffer) {
    const p = this.file(key);
    await fs.mkdir(path.dirname(p), { recursive: true });
    const tmp = `${p}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, p);
  }

  async get(key: string) {
    try {
      return await fs.readFile(this.file(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string) {
    await fs.rm(this.file(key), { force: true });
  }
}

/** In-memory store for tests that must not touch the disk. @internal */
export class MemoryStore implements ObjectStore {
  readonly files = new Map<string, { bytes: Buffer; contentType: string }>();
  async put(key: string, bytes: Buffer, contentType: string) {
    this.files.set(key, { bytes, contentType });
  }
  async get(key: string) {
    return this.files.get(key)?.bytes ?? null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
}

export function createObjectStore(config: TConfig): ObjectStore {
  return new LocalDiskStore(config.uploadDir);
}
