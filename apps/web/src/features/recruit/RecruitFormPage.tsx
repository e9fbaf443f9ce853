import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { NEGOTIATION, RECRUIT_LIMITS } from '@jizu/shared/constants/recruit';
import { hireUi as T, recruit as R } from '@jizu/shared/messages/recruit';
import { ZRecruitFields, ZRecruitSalary, salaryIssue, type TRecruitRow } from '@jizu/shared/schemas/recruit';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { applyFieldErrors } from '../auth/authApi';
import { cascaderRules, inputProps, ruleOf, rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { LoadingBlock } from '../../ui/QueryState';
import { RegionCascader } from '../../ui/RegionCascader';
import { StateView } from '../../ui/StateView';
import { PersonAuthGate } from './PersonAuthGate';
import { recruitKey, useRecruitCategories } from './recruitApi';
import { REGION_DEPTH } from '@jizu/shared/constants/region';
import s from './recruit.module.css';

type TValues = {
  region?: number[];
  address?: string;
  resume_category?: number;
  working_days?: number | null;
  salary_min?: number | null;
  salary_max?: number | null;
  negotiable?: boolean;
  content?: string;
};
const DEFAULTS = { salary_min: RECRUIT_LIMITS.salaryMin, salary_max: RECRUIT_LIMITS.salaryMax };
const LIST = '/operator/recruitment';

/** The region picker's rule: all three levels, with the schema's own message for a missing region. */
const regionRules = cascaderRules(REGION_DEPTH, ruleOf(ZRecruitFields, 'area').requiredMsg);

function RecruitForm({ id }: { id?: number }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<TValues>();
  const negotiable = Form.useWatch('negotiable', form) ?? false;
  const categories = useRecruitCategories();
  const old = useQuery({
    queryKey: [...recruitKey, 'edit', id],
    queryFn: () => api.get<TRecruitRow>(`/recruit/recruit/${id}/edit`, undefined, { quiet: true }),
    enabled: !!id,
    retry: false,
  });
  useEffect(() => {
    const d = old.data;
    if (!d) return;
    const neg = d.negotiation === NEGOTIATION.yes;
    form.setFieldsValue({
      region: [d.province, d.city, d.area],
      address: d.address,
      resume_category: d.category,
      working_days: d.working_days,
      negotiable: neg,
      salary_min: neg ? DEFAULTS.salary_min : d.salary_min,
      salary_max: neg ? DEFAULTS.salary_max : d.salary_max,
      content: d.content,
    });
  }, [old.data, form]);

  const body = (v: TValues) => {
    const [province, city, area] = v.region ?? [];
    const neg = v.negotiable ? NEGOTIATION.yes : NEGOTIATION.no;
    return {
      province,
      city,
      area,
      address: v.address,
      lng: null,
      lat: null,
      resume_category: v.resume_category,
      working_days: v.working_days ?? '',
      negotiation: neg,
      salary_min: neg === NEGOTIATION.yes ? null : (v.salary_min ?? ''),
      salary_max: neg === NEGOTIATION.yes ? null : (v.salary_max ?? ''),
      content: v.content,
    };
  };
  /** spec/3 §5: min not below max → the warning, and the defaults come back. */
  const salaryOk = () => {
    const v = form.getFieldsValue();
    const issue = salaryIssue({
      negotiation: v.negotiable ? NEGOTIATION.yes : NEGOTIATION.no,
      salary_min: v.salary_min ?? '',
      salary_max: v.salary_max ?? '',
    });
    if (issue?.msg !== R.salaryFormat) return true;
    toast.warning(R.salaryFormat);
    form.setFieldsValue(DEFAULTS);
    return false;
  };
  const save = useMutation({
    mutationFn: (v: TValues) =>
      id
        ? api.put(`/recruit/recruit/${id}`, body(v), { quiet: true })
        : api.post('/recruit/recruit', body(v), { quiet: true }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: recruitKey });
      toast.success(id ? R.changed : R.submitted);
      navigate(`${LIST}?statusAll=1`);
    },
    onError: (e) => {
      applyFieldErrors(form, e);
      toast.error((e as Error).message || R.wrongInfo);
    },
  });

  if (id && old.isError)
    return (
      <StateView kind="error" title={R.loadFailed} extra={<Button onClick={() => navigate(LIST)}>{T.cancel}</Button>} />
    );
  if (id && !old.data) return <LoadingBlock />;
  const salaryRules = (name: 'salary_min' | 'salary_max') => (negotiable ? [] : rulesOf(ZRecruitSalary, name));
  return (
    <Form<TValues>
      form={form}
      layout="vertical"
      className={s.form}
      initialValues={{ ...DEFAULTS, negotiable: false }}
      onFinish={(v) => salaryOk() && save.mutate(v)}
      onFinishFailed={() => toast.error(R.wrongInfo)}
      scrollToFirstError
    >
      <Form.Item label={T.region} name="region" rules={regionRules} required>
        <RegionCascader placeholder={T.regionPh} />
      </Form.Item>
      <Form.Item label={T.address} name="address" rules={rulesOf(ZRecruitFields, 'address')}>
        <Input placeholder={T.addressPh} {...inputProps(ZRecruitFields, 'address')} />
      </Form.Item>
      <Form.Item label={T.category} name="resume_category" rules={rulesOf(ZRecruitFields, 'resume_category')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={T.categoryPh}
          options={categories}
          className={s.category}
        />
      </Form.Item>
      <Form.Item label={T.workingDays} name="working_days" rules={rulesOf(ZRecruitFields, 'working_days')}>
        <InputNumber precision={0} min={0} max={RECRUIT_LIMITS.workingDaysMax} suffix={T.dayUnit} className={s.days} />
      </Form.Item>
      <Form.Item label={T.salary} required={!negotiable} className={s.salary}>
        <Space wrap align="start" size={8}>
          <Form.Item name="salary_min" rules={salaryRules('salary_min')} className={s.flush}>
            <InputNumber
              aria-label={T.salaryMin}
              placeholder={T.salaryMin}
              precision={0}
              min={0}
              disabled={negotiable}
              suffix={T.salaryUnit}
              className={s.salaryInput}
            />
          </Form.Item>
          <span className={s.dash}>—</span>
          <Form.Item name="salary_max" rules={salaryRules('salary_max')} className={s.flush}>
            <InputNumber
              aria-label={T.salaryMax}
              placeholder={T.salaryMax}
              precision={0}
              min={0}
              disabled={negotiable}
              suffix={T.salaryUnit}
              className={s.salaryInput}
              onBlur={() => void salaryOk()}
            />
          </Form.Item>
          <Form.Item name="negotiable" valuePropName="checked" className={s.flush}>
            <Checkbox
              className={s.negotiable}
              onChange={(e) => {
                if (e.target.checked)
                  form.setFields([
                    { name: 'salary_min', errors: [] },
                    { name: 'salary_max', errors: [] },
                  ]);
              }}
            >
              {T.negotiable}
            </Checkbox>
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item label={T.content} name="content" rules={rulesOf(ZRecruitFields, 'content')} className={s.content}>
        <Input.TextArea rows={5} placeholder={T.contentPh} {...inputProps(ZRecruitFields, 'content')} showCount />
      </Form.Item>
      <Space className={s.actions}>
        <Button onClick={() => navigate(LIST)}>{T.cancel}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {T.submit}
        </Button>
      </Space>
    </Form>
  );
}

/** /operator/mentAdd and /operator/mentAdd-updata?id=: publish or edit a hiring demand (an edit goes back to review). */
export default function RecruitFormPage() {
  const id = Number(useSearchParams()[0].get('id')) || undefined;
  return (
    <PageCard title={id ? T.editTitle : T.formTitle}>
      <PersonAuthGate>
        <RecruitForm id={id} />
      </PersonAuthGate>
    </PageCard>
  );
}
