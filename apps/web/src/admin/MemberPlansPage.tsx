import { Button, Card, Form, Input, InputNumber, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { yuanToFen } from '@jizu/shared/rules/money';
import type { TMemberPlan } from '@jizu/shared/schemas/payment';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { PT } from '../texts/payment';
import { common as msg_common } from '@jizu/shared/messages/common';
import ac from './admin.module.css';

const A = PT.admin;
type TForm = { name: string; price: number; benefits: string; for_sale: boolean };

function PlanForm({ plan }: { plan: TMemberPlan }) {
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (v: TForm) =>
      api.post(
        '/admin/member/plan',
        {
          level: plan.level,
          name: v.name,
          price: yuanToFen(v.price) ?? 0,
          benefits: v.benefits
            .split('\n')
            .map((s) => s.trim())
            .filter(Boolean),
          for_sale: v.for_sale ? 1 : 0,
        },
        { noCompany: true },
      ),
    onSuccess: () => {
      toast.success(msg_common.saved);
      void qc.invalidateQueries({ queryKey: ['admin', 'plans'] });
    },
  });
  return (
    <Card variant="borderless" title={plan.level} className={ac.section}>
      <Form<TForm>
        layout="vertical"
        initialValues={{
          name: plan.name,
          price: plan.price / 100,
          benefits: plan.benefits.join('\n'),
          for_sale: plan.for_sale === 1,
        }}
        onFinish={(v) => save.mutate(v)}
        className={ac.planForm}
      >
        <Form.Item label={A.name} name="name" rules={[{ required: true }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label={A.price} name="price" rules={[{ required: true }]}>
          <InputNumber min={0} precision={2} className={ac.amountInput} disabled={plan.level === 'A'} />
        </Form.Item>
        <Form.Item label={A.benefits} name="benefits">
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Form.Item label={A.forSale} name="for_sale" valuePropName="checked">
          <Switch disabled={plan.level === 'A'} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {A.save}
        </Button>
      </Form>
    </Card>
  );
}

/** Membership prices and benefits (A is free; AA and AAA are sold by the year). */
export default function MemberPlansPage() {
  const q = useQuery({
    queryKey: ['admin', 'plans'],
    queryFn: () => api.get<TMemberPlan[]>('/admin/member/plans', undefined, { noCompany: true }),
  });
  return (
    <>
      <PageHeader title={A.member} />
      <QueryState query={q}>
        {(d) => d.map((p) => <PlanForm key={`${p.level}-${p.price}-${p.name}`} plan={p} />)}
      </QueryState>
    </>
  );
}
