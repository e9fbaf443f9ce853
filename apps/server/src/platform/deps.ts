import type { TConfig } from '../config';
import type { DB } from '../db/client';
import type { SmsSender } from './sms';
import type { RateLimiter } from './rate-limit';
import type { ObjectStore } from './object-store';
import type { ThirdPartyVerifier } from './verifier';
import type { FinanceProvider } from './finance';
import type { ChannelRegistry } from './payment';

/**
 * What the server still does before it is ready (main.ts): the step under way, e.g. the demo data of a first start,
 * or null once done. GET /api/health/ready answers 503 meanwhile; tests and tools build apps without one (ready).
 */
export interface TStartup {
  pending: string | null;
}

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
  /** the payment channel of each pay type (PAY_CHANNEL), the sandbox always among them */
  payments: ChannelRegistry;
  /** main.ts's start still under way (GET /api/health/ready); absent: ready */
  startup?: TStartup;
}
