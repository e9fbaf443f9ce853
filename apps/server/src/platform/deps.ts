import type { TConfig } from '../config';
import type { DB } from '../db/client';
import type { SmsSender } from './sms';
import type { RateLimiter } from './rate-limit';
import type { ObjectStore } from './object-store';
import type { ThirdPartyVerifier } from './verifier';
import type { FinanceProvider } from './finance';

/** What services need from the platform; built once in buildApp and handed to every module. */
export interface TDeps {
  config: TConfig;
  db: DB;
  dbKind: 'pglite' | 'postgres';
  sms: SmsSender;
  limiter: RateLimiter;
  store: ObjectStore;
  verifier: ThirdPartyVerifier;
  finance: FinanceProvider;
}
