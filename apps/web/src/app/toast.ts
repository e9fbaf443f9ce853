import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from anywhere (the API client included), through antd's context-aware message API. The message component
 * (with rc-notification and its styles) is not part of any first load: the first toast asks the providers to mount
 * its host (`ToastHost`, loaded then), and toasts asked for meanwhile wait for it.
 */
let inst: MessageInstance | null = null;
const waiting: ((m: MessageInstance) => void)[] = [];
let wake: (() => void) | null = null;
let wanted = false;

export function installToast(m: MessageInstance) {
  inst = m;
  waiting.splice(0).forEach((f) => f(m));
}

/** The providers register how to mount the host; called again at once if a toast was asked for before that. */
export function onToastWanted(f: () => void) {
  wake = f;
  if (wanted) f();
}

const run = (f: (m: MessageInstance) => void) => {
  if (inst) return f(inst);
  waiting.push(f);
  if (!wanted) {
    wanted = true;
    wake?.();
  }
};

/** Errors stay 5 s (spec/1 §8) and the same text is shown once, not stacked. */
export const toast = {
  success: (text: string) => run((m) => void m.success({ content: text, duration: 3, key: text })),
  info: (text: string) => run((m) => void m.info({ content: text, duration: 3, key: text })),
  warning: (text: string) => run((m) => void m.warning({ content: text, duration: 5, key: text })),
  error: (text: string) => run((m) => void m.error({ content: text, duration: 5, key: text })),
};
