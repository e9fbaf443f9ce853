import { useState } from 'react';
import { Alert, AutoComplete, Button, Form, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EDUCATION_OPTIONS, TRAINING_ROUTES } from '@jizu/shared/constants/training';
import { fmt } from '@jizu/shared/messages/fmt';
import { training as msg_training } from '@jizu/shared/messages/training';
import { ZTrainingApply, type TApplyCreate } from '@jizu/shared/schemas/training';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { MoneyText } from '../../ui/MoneyText';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { rulesOf } from '../../ui/formRules';
import { PayTypePicker } from '../payment/PayTypePicker';
import { tilesOfSet } from '../payment/pay';
import { goTrainingPay } from './trainingPay';
import { TT } from '../../texts/training';
import s from './training.module.css';

const M = { training: msg_training } as const;
type TForm = { apply_category_id?: number; education?: string };

function MemberCard({ member }: { member: NonNullable<TApplyCreate['member']> }) {
  const row = (k: string, v: string) => (
    <div className={s.memberRow}>
      <span className={s.memberKey}>{k}</span>
      <span className={s.memberValue}>{v}</span>
    </div>
  );
  return (
    <PageCard title={TT.member}>
      <div data-testid="training-member" className={s.member}>
        {row(TT.memberName, member.name)}
        {row(TT.memberCard, member.card)}
        {row(TT.memberSex, member.sex || '—')}
        {row(TT.memberAge, member.age ? fmt(TT.ageUnit, { n: member.age }) : '—')}
      </div>
    </PageCard>
  );
}

/**
 * /operator/training (spec/3 §2 "Training enrolment"): choose a major (its description and fee shown), fill in the
 * highest education, pick a payment method; 取消 goes back to the labour home, 立即支付 orders and pays.
 */
export default function EnrolPage() {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['training', 'create'],
    queryFn: () => api.get<TApplyCreate>('/recruit/applyo/create'),
  });
  const [form] = Form.useForm<TForm>();
  const majorId = Form.useWatch('apply_category_id', form);
  const [payType, setPayType] = useState('wx');
  const [busy, setBusy] = useState(false);

  const submit = async (v: TForm, d: TApplyCreate) => {
    if (!d.member) return toast.error(M.training.needPersonAuth);
    const major = d.category.find((c) => c.id === v.apply_category_id);
    if (!major) return toast.error(M.training.required);
    setBusy(true);
    try {
      const sn = await api.post<string>('/recruit/applyo', {
        apply_category_id: major.id,
        education: v.education?.trim(),
        pay_name: payType,
        course: major.name,
        content: major.content,
        price: major.price,
      });
      await goTrainingPay(sn, navigate);
    } catch {
      // toasted by the client; stay on the page
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={TT.enrolTitle} sub={TT.enrolSub} />
      <QueryState query={q}>
        {(d) => {
          const major = d.category.find((c) => c.id === majorId);
          return (
            <>
              {d.member ? (
                <MemberCard member={d.member} />
              ) : (
                <Alert
                  type="warning"
                  showIcon
                  className={s.notice}
                  title={M.training.needPersonAuth}
                  action={
                    <Button size="small" type="primary" onClick={() => navigate(TRAINING_ROUTES.verify)}>
                      {TT.goVerify}
                    </Button>
                  }
                />
              )}
              <PageCard>
                <Form<TForm>
                  form={form}
                  layout="vertical"
                  requiredMark
                  className={s.form}
                  onFinish={(v) => void submit(v, d)}
                  onFinishFailed={({ errorFields }) => {
                    if (errorFields.some((f) => f.errors.includes(M.training.required)))
                      toast.error(M.training.required);
                  }}
                >
                  <Form.Item
                    name="apply_category_id"
                    label={TT.major}
                    rules={rulesOf(ZTrainingApply, 'apply_category_id')}
                  >
                    <Select
                      placeholder={TT.majorPlaceholder}
                      aria-label={TT.major}
                      notFoundContent={TT.noMajors}
                      options={d.category.map((c) => ({ value: c.id, label: `${c.name}（¥${c.price_v}）` }))}
                    />
                  </Form.Item>
                  {major && (
                    <div data-testid="major-detail" className={s.major}>
                      <div className={s.majorIntro}>{TT.majorIntro}</div>
                      <div className={s.majorContent}>{major.content}</div>
                      <div className={s.fee}>
                        <span className={s.feeLabel}>{TT.fee}</span>
                        <MoneyText fen={major.price} strong />
                      </div>
                    </div>
                  )}
                  <Form.Item name="education" label={TT.education} rules={rulesOf(ZTrainingApply, 'education')}>
                    <AutoComplete
                      aria-label={TT.education}
                      placeholder={TT.educationPlaceholder}
                      options={EDUCATION_OPTIONS.map((e) => ({ value: e }))}
                      showSearch={{ filterOption: (input, o) => String(o?.value ?? '').includes(input.trim()) }}
                    />
                  </Form.Item>
                  <Form.Item label={TT.payType} required>
                    <PayTypePicker options={tilesOfSet(d.pay_type)} value={payType} onChange={setPayType} />
                  </Form.Item>
                  <Space size={12} className={s.actions}>
                    <Button size="large" onClick={() => navigate(TRAINING_ROUTES.home)}>
                      {TT.cancel}
                    </Button>
                    <Button size="large" type="primary" htmlType="submit" loading={busy}>
                      {TT.payNow}
                    </Button>
                  </Space>
                </Form>
              </PageCard>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
