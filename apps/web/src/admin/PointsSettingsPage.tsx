import { Button, Card, Form, InputNumber, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { points as msg_points } from '@jizu/shared/messages/points';
import { fmt } from '@jizu/shared/messages/fmt';
import { SIGN_CYCLE, signReward } from '@jizu/shared/rules/points';
import { ZConvertSettings, ZSignBonus, ZSignRules, type TPointSettings } from '@jizu/shared/schemas/points';
import { api, ApiError } from '../api/client';
import * as TxAccount from '../texts/account';
import * as TxPoints from '../texts/adminPoints';
import { toast } from '../app/toast';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { rulesOf } from '../ui/formRules';
import cm from '../ui/common.module.css';
import ac from './admin.module.css';

const M = { points: msg_points } as const;

const key = ['admin', 'points', 'settings'];

function SettingsForm({ initial }: { initial: TPointSettings }) {
  const [form] = Form.useForm<TPointSettings>();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (v: TPointSettings) =>
      api.post<TPointSettings>('/admin/points/settings', v, { noCompany: true, quiet: true }),
    onSuccess: (d) => {
      qc.setQueryData(key, d);
      form.setFieldsValue(d);
      toast.success(M.points.settingsSaved);
    },
    onError: (e) => {
      if (!(e instanceof ApiError)) return;
      toast.error(e.msg);
    },
  });
  const sign = Form.useWatch('sign', form) ?? initial.sign;
  const preview = Array.from({ length: SIGN_CYCLE }, (_, i) => {
    const rules = {
      base: Number(sign.base) || 0,
      bonus: (sign.bonus ?? []).filter(Boolean).map((b) => ({ day: Number(b.day), peas: Number(b.peas) || 0 })),
    };
    return signReward(rules, i + 1);
  });

  return (
    <Form<TPointSettings>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => save.mutate(v)}
      className={ac.pointsForm}
    >
      <Card variant="borderless" title={TxPoints.pointsAdmin.sign} className={ac.section}>
        <Form.Item name={['sign', 'base']} label={TxPoints.pointsAdmin.base} rules={rulesOf(ZSignRules, 'base')}>
          <InputNumber precision={0} className={ac.amountInput} />
        </Form.Item>
        <div className={cm.mb8}>{TxPoints.pointsAdmin.bonus}</div>
        <Form.List
          name={['sign', 'bonus']}
          rules={[
            {
              validator: async (_, list?: { day?: number }[]) => {
                const days = (list ?? []).map((b) => b?.day).filter((d) => d !== undefined);
                if (new Set(days).size !== days.length) throw new Error(M.points.signBonusDup);
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="start" wrap className={ac.bonusRow}>
                  <Form.Item name={[f.name, 'day']} rules={rulesOf(ZSignBonus, 'day')}>
                    <InputNumber precision={0} prefix={TxPoints.pointsAdmin.bonusDay} className={ac.amountInput} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'peas']} rules={rulesOf(ZSignBonus, 'peas')}>
                    <InputNumber precision={0} prefix={TxPoints.pointsAdmin.bonusPeas} className={ac.amountInput} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    onClick={() => remove(f.name)}
                    aria-label={TxPoints.pointsAdmin.remove}
                  />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ day: undefined, peas: undefined })}
                disabled={fields.length >= SIGN_CYCLE}
                className={ac.addBonus}
              >
                {TxPoints.pointsAdmin.addBonus}
              </Button>
            </>
          )}
        </Form.List>
        <div className={ac.previewTitle}>
          {TxPoints.pointsAdmin.preview}（{TxPoints.pointsAdmin.cycleHint}）
        </div>
        <div className={ac.preview} data-testid="sign-preview">
          {preview.map((p, i) => (
            <div key={i} className={ac.previewDay}>
              <div className={cm.hint}>{fmt(TxAccount.points.gainDay, { day: i + 1 })}</div>
              <div className={cm.strong}>+{p}</div>
            </div>
          ))}
        </div>
      </Card>
      <Card variant="borderless" title={TxPoints.pointsAdmin.convert} className={ac.section}>
        <Form.Item
          name={['convert', 'ratio']}
          label={TxPoints.pointsAdmin.ratio}
          extra={TxPoints.pointsAdmin.ratioHelp}
          rules={rulesOf(ZConvertSettings, 'ratio')}
        >
          <InputNumber precision={0} className={ac.amountInput} />
        </Form.Item>
      </Card>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {TxPoints.pointsAdmin.save}
      </Button>
    </Form>
  );
}

/** 积分设置: sign-in rewards and the bean-to-coin ratio (platform staff). */
export default function PointsSettingsPage() {
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<TPointSettings>('/admin/points/settings', undefined, { noCompany: true, quiet: true }),
  });
  return (
    <>
      <PageHeader title={TxPoints.pointsAdmin.menu} />
      <QueryState query={q}>{(d) => <SettingsForm initial={d} />}</QueryState>
    </>
  );
}
