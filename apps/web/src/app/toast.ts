import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from anywhere (the API client included), through the message API the providers mount. Lighter than antd's
 * <App> (which also brings modal and notification into the first load). Calls before mounting wait for it.
 */
let inst: MessageInstance | null = null;
const waiting: ((m: MessageInstance) => void)[] = [];

export function installToast(m: MessageInstance) {
  inst = m;
  waiting.splice(0).forEach((f) => f(m));
}

const run = (f: (m: MessageInstance) => void) => (inst ? f(inst) : void waiting.push(f));

/** Errors stay 5 s (spec/1 §8) and the same text is shown once, not stacked. */
export const toast = {
  success: (text: string) => run((m) => void m.success({ content: text, duration: 3, key: text })),
  info: (text: string) => run((m) => void m.info({ content: text, duration: 3, key: text })),
  warning: (text: string) => run((m) => void m.warning({ content: text, duration: 5, key: text })),
  error: (text: string) => run((m) => void m.error({ content: text, duration: 5, key: text })),
};
