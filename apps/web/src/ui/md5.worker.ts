/** Hashes one file off the main thread (ui/md5.ts fileMd5): answers its MD5 or the error. */
import SparkMD5 from 'spark-md5';
import { hashBlob } from './md5Hash';

export type TMd5Request = { file: Blob };
export type TMd5Answer = { md5: string } | { error: string };

self.onmessage = async (e: MessageEvent<TMd5Request>) => {
  let answer: TMd5Answer;
  try {
    answer = { md5: await hashBlob(SparkMD5, e.data.file) };
  } catch (err) {
    answer = { error: String(err) };
  }
  self.postMessage(answer);
};
