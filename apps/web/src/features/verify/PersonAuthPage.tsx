import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { auth as msg_auth } from '@jizu/shared/messages/auth';
import { verify as msg_verify } from '@jizu/shared/messages/verify';
import { isIdCardNo } from '@jizu/shared/rules/identity';
import { ZSaveAuth, type TAuthPerson } from '@jizu/shared/schemas/verify';
import { infoKey, useUserInfo } from '../../app/session';
import * as T from '../../texts/common';
import * as TxVerify from '../../texts/verify';
import { toast } from '../../app/toast';
import { ApiError } from '../../api/client';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { SmsCodeButton } from '../../ui/SmsCodeButton';
import { applyFieldErrors } from '../auth/authApi';
import { getPersonAuth, personKey, savePersonAuth, sendAuthSms } from './verifyApi';
import { RejectedAlert, VerifyResult } from './VerifyResult';
import { rulesOf } from '../../ui/formRules';
import { PERSON_VERIFY_MACHINE, isVerifyFailed } from '@jizu/shared/constants/verify';
import { transitionOf } from '@jizu/shared/rules/machine';
import s from './verify.module.css';

const M = { auth: msg_auth, verify: msg_verify } as const;

interface TValues {
  name: string;
  card: string;
  card_face: string;
  card_back: string;
  code: string;
}

function PersonForm({ last }: { last: TAuthPerson }) {
  const [form] = Form.useForm<TValues>();
  const qc = useQueryClient();
  const info = useUserInfo();
  const [busy, setBusy] = useState(false);
  const submit = async (v: TValues) => {
    setBusy(true);
    try {
      await savePersonAuth({ ...v, card: v.card.trim().toUpperCase() });
      toast.success(M.verify.submitted);
      await Promise.all([qc.invalidateQueries({ queryKey: personKey }), qc.invalidateQueries({ queryKey: infoKey })]);
    } catch (e) {
      if (!applyFieldErrors(form, e) && e instanceof ApiError) toast.error(e.msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {isVerifyFailed(last) && <RejectedAlert reason={last.reason} />}
      <Form<TValues> form={form} layout="vertical" onFinish={submit} className={s.personForm} requiredMark>
        <Form.Item name="name" label={TxVerify.verify.name} rules={rulesOf(ZSaveAuth, 'name')}>
          <Input maxLength={30} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="card"
          label={TxVerify.verify.card}
          rules={[
            { required: true, whitespace: true, message: M.verify.cardRequired },
            {
              validator: async (_, v: string) =>
                !v || isIdCardNo(v) ? undefined : Promise.reject(new Error(M.verify.cardBad)),
            },
          ]}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Space size={24} wrap align="start">
          <Form.Item
            name="card_face"
            label={TxVerify.verify.cardFace}
            rules={[{ required: true, message: M.verify.cardFaceRequired }]}
            extra={TxVerify.verify.imagesHint}
          >
            <ImageUpload kind="charter" label={TxVerify.verify.cardFace} />
          </Form.Item>
          <Form.Item
            name="card_back"
            label={TxVerify.verify.cardBack}
            rules={[{ required: true, message: M.verify.cardBackRequired }]}
          >
            <ImageUpload kind="charter" label={TxVerify.verify.cardBack} />
          </Form.Item>
        </Space>
        <Form.Item
          label={TxVerify.verify.code}
          required
          extra={info.data ? TxVerify.verify.codeTo.replace('{phone}', info.data.phone) : undefined}
        >
          <Space.Compact className={s.code}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: M.auth.codeRequired }]}>
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder={T.form.code} />
            </Form.Item>
            <SmsCodeButton getPhone={() => info.data?.phone ?? 'self'} send={() => sendAuthSms()} />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {isVerifyFailed(last) ? TxVerify.verify.resubmit : TxVerify.verify.submit}
        </Button>
      </Form>
    </>
  );
}

/** 个人认证 (spec/1 §3–§5): the form when not verified or rejected, the submission while in review or verified. */
export default function PersonAuthPage() {
  const q = useQuery({ queryKey: personKey, queryFn: getPersonAuth });
  return (
    <PageCard title={TxVerify.verify.personTitle}>
      <QueryState query={q}>
        {(a) =>
          !transitionOf(PERSON_VERIFY_MACHINE, a, 'submit', 'user') ? (
            <VerifyResult
              status={a.status}
              statusText={a.status_v}
              items={[
                [TxVerify.verify.name, a.name],
                [TxVerify.verify.card, a.card],
              ]}
              images={[
                [TxVerify.verify.cardFace, a.card_face],
                [TxVerify.verify.cardBack, a.card_back],
              ]}
              createTime={a.create_time}
              auditTime={a.audit_time}
            />
          ) : (
            <PersonForm last={a} />
          )
        }
      </QueryState>
    </PageCard>
  );
}
