import type { FormInstance } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { common as msg_common } from '@jizu/shared/messages/common';
import { toast } from '../app/toast';
import { applyFieldErrors } from '../features/auth/authApi';

const M = { common: msg_common } as const;

/**
 * The save of a form dialog: sends, then toasts `done`, refreshes the queries under `key` and calls `onDone`; a
 * refusal shows the server's field errors beside their fields, or toasts its message.
 */
export function useFormSave<V>(
  form: FormInstance,
  send: (v: V) => Promise<unknown>,
  key: readonly unknown[],
  onDone: () => void,
  done: string = M.common.saved,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      toast.success(done);
      await qc.invalidateQueries({ queryKey: key });
      onDone();
    },
    onError: (e) => {
      if (!applyFieldErrors(form, e)) toast.error((e as Error).message);
    },
  });
}

/**
 * A dialog's OK for `form`: validates, then hands on the values. An invalid form shows its field errors; its refusal
 * (antd rejects validateFields with the error list) is not left unhandled, where the page would report a script error.
 */
export function whenValid<V>(form: FormInstance<V>, then: (v: V) => unknown): () => Promise<void> {
  return () =>
    form.validateFields().then(
      (v) => void then(v),
      () => undefined,
    );
}
