/**
 * A file's MD5 in the browser (spec/1 §5: a listing image is checked against the server by its MD5 and by path), the
 * same hex digest as the server's createHash('md5') of the bytes sent, computed in a Web Worker, in chunks, so a large
 * photo does not freeze the page. Every size goes to the worker, not only files above 1 MB: spark-md5 is CommonJS, and
 * importing it on the main thread, even lazily, moved the bundler's CommonJS runtime out of the entry into a chunk of
 * its own that every first load then carried (+0.9 KB and a file; bench:bundle). The worker is a bundle of its own.
 */
import type { TMd5Request, TMd5Answer } from './md5.worker';

function inWorker(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.onmessage = (e: MessageEvent<TMd5Answer>) => {
      done();
      if ('md5' in e.data) resolve(e.data.md5);
      else reject(new Error(e.data.error));
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(e.message));
    };
    worker.postMessage({ file } satisfies TMd5Request);
  });
}

/**
 * The file's MD5 (lower-case hex), or null when no worker could run it: the check by path after the upload still
 * compares the MD5 of the bytes sent (the server's sourceMd5).
 */
export async function fileMd5(file: File): Promise<string | null> {
  if (typeof Worker === 'undefined') return null;
  return inWorker(file).catch(() => null);
}
