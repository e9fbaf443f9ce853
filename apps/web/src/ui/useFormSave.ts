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
export function useFormSave<V>(form: FormInstance, send: (v: V) => Promise<unknown>, key: readonly unknown[], onDone: () => void, done: string = M.common.saved) {
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
