import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { auth as msg_auth } from '@jizu/shared/messages/auth';
import { verify as msg_verify } from '@jizu/shared/messages/verify';
import { isCreditCode, isIdCardNo } from '@jizu/shared/rules/identity';
import { ZSaveAuthCompany, type TAuthCompany } from '@jizu/shared/schemas/verify';
import { latestPastDate } from '@jizu/shared/rules/pastDate';
import { ApiError } from '../../api/client';
import { currentCompanyId } from '../../app/cookies';
import { infoKey, useUserInfo } from '../../app/session';
import * as T from '../../texts/common';
import * as TxVerify from '../../texts/verify';
import { toast } from '../../app/toast';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { RegionCascader } from '../../ui/RegionCascader';
import { SmsCodeButton } from '../../ui/SmsCodeButton';
import { applyFieldErrors } from '../auth/authApi';
import { CERTIFICATE_URL, companyKey, getCompanyAuth, saveCompanyAuth, sendAuthSms } from './verifyApi';
import { RejectedAlert, VerifyResult } from './VerifyResult';
import '../../ui/dayjsZh';
import { REGION_DEPTH } from '@jizu/shared/constants/region';
import { cascaderRules, rulesOf } from '../../ui/formRules';
import { COMPANY_VERIFY_MACHINE, isVerified, isVerifyFailed, isVerifyPending } from '@jizu/shared/constants/verify';
import { transitionOf } from '@jizu/shared/rules/machine';
import s from './verify.module.css';

const M = { auth: msg_auth, verify: msg_verify } as const;

interface TValues {
  name: string;
  regist_no: string;
  legal: string;
  region: number[];
  address: string;
  registered_assets: number;
  found_date: Dayjs;
  charter: string;
  registrant: string;
  card: string;
  card_face: string;
  card_back: string;
  certificate: string;
  tel: string;
  code: string;
}

/** The latest founding date allowed (spec/1 §5: today minus 10 days in Asia/Shanghai, the shared date rule). */
const latestFound = () => dayjs(latestPastDate());
const req = (message: string) => ({ required: true, whitespace: true, message });
const check = (ok: (v: string) => boolean, message: string) => ({
  validator: async (_: unknown, v: string) =>
    !v || ok(v.trim().toUpperCase()) ? undefined : Promise.reject(new Error(message)),
});

function CompanyForm({ last, readOnly }: { last: TAuthCompany | null; readOnly: boolean }) {
  const [form] = Form.useForm<TValues>();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const submit = async (v: TValues) => {
    setBusy(true);
    try {
      await saveCompanyAuth({
        name: v.name,
        regist_no: v.regist_no.trim().toUpperCase(),
        legal: v.legal,
        province: v.region[0],
        city: v.region[1],
        area: v.region[2],
        address: v.address,
        registered_assets: v.registered_assets,
        found_date: v.found_date.format('YYYY-MM-DD'),
        charter: v.charter,
        registrant: v.registrant,
        card: v.card.trim().toUpperCase(),
        card_face: v.card_face,
        card_back: v.card_back,
        certificate: v.certificate,
        tel: v.tel,
        code: v.code,
      });
      toast.success(M.verify.submitted);
      await Promise.all([qc.invalidateQueries({ queryKey: companyKey }), qc.invalidateQueries({ queryKey: infoKey })]);
    } catch (e) {
      // the region's three ids are one field on the form
      const err =
        e instanceof ApiError
          ? new ApiError({
              ...e,
              errors: e.errors.map((f) =>
                ['province', 'city', 'area'].includes(f.field) ? { ...f, field: 'region' } : f,
              ),
            })
          : e;
      if (!applyFieldErrors(form, err) && e instanceof ApiError) toast.error(e.msg);
    } finally {
      setBusy(false);
    }
  };
  const limit = latestFound();
  return (
    <>
      {last && isVerifyFailed(last) && <RejectedAlert reason={last.reason} />}
      {readOnly && <Alert type="warning" showIcon title={TxVerify.verify.mainOnly} className={s.notice} />}
      <Form<TValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        disabled={readOnly}
        className={s.companyForm}
        initialValues={
          last
            ? {
                name: last.name,
                regist_no: last.regist_no,
                legal: last.legal,
                region: [last.province, last.city, last.area],
                address: last.address,
                registered_assets: last.registered_assets,
                found_date: dayjs(last.found_date),
                registrant: last.registrant,
              }
            : undefined
        }
      >
        <div className={s.fields}>
          <Form.Item name="name" label={TxVerify.verify.companyName} rules={[req(M.verify.companyNameRequired)]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="regist_no"
            label={TxVerify.verify.registNo}
            rules={[req(M.verify.registNoRequired), check(isCreditCode, M.verify.registNoBad)]}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="legal" label={TxVerify.verify.legal} rules={[req(M.verify.legalRequired)]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="registered_assets"
            label={TxVerify.verify.assets}
            rules={[{ required: true, message: M.verify.assetsRequired }]}
          >
            <InputNumber min={1} max={100_000_000} precision={0} className={s.full} />
          </Form.Item>
          <Form.Item
            name="region"
            label={TxVerify.verify.region}
            rules={cascaderRules(REGION_DEPTH, M.verify.regionRequired)}
          >
            <RegionCascader />
          </Form.Item>
          <Form.Item name="address" label={TxVerify.verify.address} rules={[req(M.verify.addressRequired)]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="found_date"
            label={TxVerify.verify.foundDate}
            extra={TxVerify.verify.foundDateHint}
            rules={rulesOf(ZSaveAuthCompany, 'found_date', (v) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v))}
          >
            <DatePicker className={s.full} disabledDate={(d) => d.isAfter(limit, 'day')} defaultPickerValue={limit} />
          </Form.Item>
          <Form.Item name="registrant" label={TxVerify.verify.registrant} rules={[req(M.verify.registrantRequired)]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="card"
            label={TxVerify.verify.registrantCard}
            rules={[req(M.verify.cardRequired), check(isIdCardNo, M.verify.cardBad)]}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item
            name="tel"
            label={TxVerify.verify.tel}
            rules={rulesOf(ZSaveAuthCompany, 'tel', { requiredMsg: M.verify.telRequired })}
          >
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </div>
        <Space size={24} wrap align="start">
          <Form.Item
            name="charter"
            label={TxVerify.verify.charter}
            rules={[{ required: true, message: M.verify.charterRequired }]}
            extra={TxVerify.verify.imagesHint}
          >
            <ImageUpload kind="charter" label={TxVerify.verify.charter} disabled={readOnly} />
          </Form.Item>
          <Form.Item
            name="card_face"
            label={TxVerify.verify.cardFace}
            rules={[{ required: true, message: M.verify.cardFaceRequired }]}
          >
            <ImageUpload kind="charter" label={TxVerify.verify.cardFace} disabled={readOnly} />
          </Form.Item>
          <Form.Item
            name="card_back"
            label={TxVerify.verify.cardBack}
            rules={[{ required: true, message: M.verify.cardBackRequired }]}
          >
            <ImageUpload kind="charter" label={TxVerify.verify.cardBack} disabled={readOnly} />
          </Form.Item>
          <Form.Item
            name="certificate"
            label={TxVerify.verify.certificate}
            rules={[{ required: true, message: M.verify.certificateRequired }]}
            extra={
              <a href={CERTIFICATE_URL} download>
                <DownloadOutlined /> {TxVerify.verify.template}
              </a>
            }
          >
            <ImageUpload kind="charter" label={TxVerify.verify.certificate} disabled={readOnly} />
          </Form.Item>
        </Space>
        <Form.Item label={TxVerify.verify.code} required>
          <Space.Compact className={s.code}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: M.auth.codeRequired }]}>
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder={T.form.code} />
            </Form.Item>
            <SmsCodeButton
              disabled={readOnly}
              getPhone={() => form.getFieldValue('tel') as string | undefined}
              send={(phone) => sendAuthSms(phone)}
            />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {last && isVerifyFailed(last) ? TxVerify.verify.resubmit : TxVerify.verify.submit}
        </Button>
      </Form>
    </>
  );
}

/** 企业认证 (spec/1 §3–§5) of the current company; only its main account submits. */
export default function CompanyAuthPage() {
  const q = useQuery({ queryKey: [...companyKey, currentCompanyId()], queryFn: getCompanyAuth });
  const info = useUserInfo();
  const id = currentCompanyId() ?? info.data?.company_id;
  const master = info.data?.member_company.find((m) => m.company_id === id)?.master === 1;
  const status = info.data?.authInfo.company_status ?? 0;
  return (
    <PageCard title={TxVerify.verify.companyTitle}>
      <QueryState query={q}>
        {(raw) => {
          const a = Array.isArray(raw) ? null : raw;
          // the form only while the table lets the company submit (not verified, or refused), and no row waits
          if (a && (!transitionOf(COMPANY_VERIFY_MACHINE, { status }, 'submit', 'user') || isVerifyPending(a))) {
            return (
              <VerifyResult
                status={a.status}
                statusText={a.status_v}
                items={[
                  [TxVerify.verify.companyName, a.name],
                  [TxVerify.verify.registNo, a.regist_no],
                  [TxVerify.verify.legal, a.legal],
                  [TxVerify.verify.assets, a.registered_assets.toLocaleString('zh-CN')],
                  [TxVerify.verify.region, [a.province_v, a.city_v, a.area_v].join(' ')],
                  [TxVerify.verify.address, a.address],
                  [TxVerify.verify.foundDate, a.found_date],
                  [TxVerify.verify.registrant, a.registrant],
                  [TxVerify.verify.registrantCard, a.card],
                  [TxVerify.verify.tel, a.tel],
                ]}
                images={[
                  [TxVerify.verify.charter, a.charter],
                  [TxVerify.verify.cardFace, a.card_face],
                  [TxVerify.verify.cardBack, a.card_back],
                  [TxVerify.verify.certificate, a.certificate],
                ]}
                createTime={a.create_time}
                auditTime={a.audit_time}
              />
            );
          }
          if (!a && isVerified({ status })) return <Alert type="success" showIcon title={TxVerify.verify.passed} />;
          return <CompanyForm last={a} readOnly={!master} />;
        }}
      </QueryState>
    </PageCard>
  );
}
