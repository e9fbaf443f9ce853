import type SparkMD5 from 'spark-md5';

/** Bytes read and hashed at a time. */
const CHUNK = 2 * 1024 * 1024;

/** The MD5 (lower-case hex) of a Blob read chunk by chunk, with the spark-md5 module given (ui/md5.ts, md5.worker.ts). */
export async function hashBlob(spark: typeof SparkMD5, blob: Blob): Promise<string> {
  const h = new spark.ArrayBuffer();
  for (let at = 0; at < blob.size; at += CHUNK) h.append(await blob.slice(at, at + CHUNK).arrayBuffer());
  return h.end();
}
