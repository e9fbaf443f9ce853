/** Sends SMS codes. The local default logs the code (ARCHITECTURE § Providers). */
export interface SmsSender {
  send(phone: string, code: string, scene: string): Promise<void>;
}


import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config';

/** Local default: the code goes to the log, so a developer (or the demo) can read it. */
export class ConsoleSmsSender implements SmsSender {
  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}
  async send(phone: string, code: string, scene: string) {
    this.log.info({ phone, scene, code }, `SMS code for ${phone}: ${code}`);
  }
}

export function createSmsSender(config: TConfig, log: FastifyBaseLogger): SmsSender {
  switch (config.sms.provider) {
    case 'console':
      return new ConsoleSmsSender(log);
  }
}
