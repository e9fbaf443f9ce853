/**
 * A file's MD5 in the browser (spec/1 §5: a listing image is checked against the server by its MD5 and by path), the
 * same hex digest as the server's createHash('md5') of the bytes sent. Files above WORKER_FROM are hashed in a Web
 * Worker, in chunks, so a large photo does not freeze the page; smaller ones on the main thread. spark-md5 is loaded
 * only when a file is hashed: it is in no page's first load.
 */
import type { TMd5Request, TMd5Answer } from './md5.worker';
import { hashBlob } from './md5Hash';

/** Above this size a file is hashed in a worker. */
const WORKER_FROM = 1024 * 1024;

async function onMainThread(file: File): Promise<string> {
  const { default: SparkMD5 } = await import('spark-md5');
  return hashBlob(SparkMD5, file);
}

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

/** The file's MD5 (lower-case hex): in a worker for a large file (on the main thread should workers be unavailable). */
export async function fileMd5(file: File): Promise<string> {
  if (file.size > WORKER_FROM && typeof Worker !== 'undefined') {
    try {
      return await inWorker(file);
    } catch {
      // a worker that could not start: hash here rather than skip the check
    }
  }
  return onMainThread(file);
}
