import { useEffect, useState } from 'react';
import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { ApiError } from '../api/client';
import * as T from '../texts/common';
import { toast } from '../app/toast';

const COUNTDOWN = 60;

function resendIn(v: unknown): number | null {
  const n = typeof v === 'object' && v !== null ? Number((v as { resend_in?: unknown }).resend_in) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.ceil(n) : null;
}

export interface TSmsCodeButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** the phone typed so far; empty → toast 请输入手机号码 and no call */
  getPhone: () => string | undefined;
  /** sends the code; may answer `{resend_in}` to set the countdown */
  send: (phone: string) => Promise<unknown>;
  /** the toast when no phone is typed (default 请输入手机号码) */
  emptyPhoneMsg?: string;
}

/** SMS-code button (spec/1 §4): counts down 60 s after a send (`{n}秒后重发`), then offers 重新获取. */
export function SmsCodeButton({ getPhone, send, emptyPhoneMsg = T.form.phone, ...rest }: TSmsCodeButtonProps) {
  const [left, setLeft] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const onClick = async () => {
    const phone = getPhone()?.trim();
    if (!phone) {
      toast.warning(emptyPhoneMsg);
      return;
    }
    setBusy(true);
    try {
      const data = await send(phone);
      setSentOnce(true);
      setLeft(resendIn(data) ?? COUNTDOWN);
      toast.success(T.sms.sent);
    } catch (e) {
      // 429 "too soon" carries the seconds left: keep the button honest
      const wait = e instanceof ApiError ? resendIn(e.data) : null;
      if (wait) setLeft(wait);
    } finally {
      setBusy(false);
    }
  };

  const label = left > 0 ? T.sms.wait.replace('{n}', String(left)) : sentOnce ? T.sms.again : T.sms.get;
  return (
    <Button {...rest} loading={busy} disabled={left > 0 || rest.disabled} onClick={onClick}>
      {label}
    </Button>
  );
}
