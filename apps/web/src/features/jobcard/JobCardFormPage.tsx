import { useEffect, useRef, type RefObject } from 'react';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DRIVING_AGES, OPERATOR_CATEGORIES, RECRUIT_LIMITS, isCardSearching } from '@jizu/shared/constants/recruit';
import { jobcardTexts as J, recruit as R } from '@jizu/shared/messages/recruit';
import type { TPage } from '@jizu/shared/errors';
import { ZCardCert, ZCardExperience, ZJobCardSave, type TJobCardRow } from '@jizu/shared/schemas/jobcard';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { cascaderRules, inputProps, rulesOf } from '../../ui/formRules';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageCard } from '../../ui/PageCard';
import { LoadingBlock } from '../../ui/QueryState';
import { RegionCascader } from '../../ui/RegionCascader';
import { StateView } from '../../ui/StateView';
import { JT, cardKey, formUrl } from './jobcardUi';
import css from './JobCard.module.css';
import { REGION_DEPTH } from '@jizu/shared/constants/region';

type TCertV = { name?: string; img?: string };
type TExpV = { name?: string; address?: string; img?: string };
type TValues = {
  resume_category?: number[];
  resume_driving_age?: number;
  region?: number[];
  address?: string;
  content?: string;
  cert?: TCertV[];
  experience?: TExpV[];
};

const r = (name: string) => rulesOf(ZJobCardSave, name);
const regionRules = cascaderRules(REGION_DEPTH, R.requiredAll);

/** The personal-verification gate of publishing (spec/3 §5): a prompt leading to /dashboard/person. */
function NeedAuth() {
  const navigate = useNavigate();
  return (
    <StateView
      icon={<SafetyCertificateOutlined className={css.warnIcon} />}
      title={R.needPersonAuth}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard/person')}>
          {R.goPersonAuth}
        </Button>
      }
    />
  );
}

/**
 * Up to `max` entries of the form (certificates, work experiences): the text fields given, then the photo, each
 * entry removable; the rules come from the entry's schema.
 */
function Entries(props: {
  /** the section's heading, which the sign / work queries scroll to */
  anchor: RefObject<HTMLDivElement | null>;
  name: 'cert' | 'experience';
  title: string;
  schema: typeof ZCardCert | typeof ZCardExperience;
  texts: { key: string; label: string; placeholder: string }[];
  imgLabel: string;
  add: string;
  max: number;
  testId: string;
}) {
  const { schema, anchor } = props;
  return (
    <>
      <div ref={anchor} className={`${css.sectionTitle} ${css.formTitle}`}>
        {props.title}
      </div>
      <div className={`${css.meta} ${css.formMeta}`}>{JT.upTo3}</div>
      <Form.List name={props.name}>
        {(fields, { add, remove }) => (
          <div className={css.formList}>
            {fields.map((f, i) => (
              <div key={f.key} className={css.card} data-testid={props.testId}>
                <Space align="start" wrap size={16}>
                  {props.texts.map((t, k) => (
                    <Form.Item
                      key={t.key}
                      label={k ? t.label : `${t.label} ${i + 1}`}
                      name={[f.name, t.key]}
                      rules={rulesOf(schema, t.key)}
                      className={css.formField}
                    >
                      <Input placeholder={t.placeholder} {...inputProps(schema, t.key)} />
                    </Form.Item>
                  ))}
                  <Form.Item
                    label={props.imgLabel}
                    name={[f.name, 'img']}
                    rules={rulesOf(schema, 'img')}
                    className={css.flush}
                  >
                    <ImageUpload kind="recruit" label={props.imgLabel} width={180} height={120} />
                  </Form.Item>
                </Space>
                <Button
                  size="small"
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(f.name)}
                  className={css.removeLine}
                >
                  {JT.remove}
                </Button>
              </div>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= props.max}
              onClick={() => add({})}
              className={css.addLine}
            >
              {`${props.add}（${fields.length}/${props.max}）`}
            </Button>
          </div>
        )}
      </Form.List>
    </>
  );
}

/**
 * /operator/release-job (publish) and /operator/release-job-update?id= (edit). The query `sign=1` opens the
 * certificates (持证) section and `work=1` the work experiences: the card list links there when a card has none yet,
 * so the form scrolls to the section and offers an empty entry. Every rule comes from the shared schema.
 */
export default function JobCardFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const section = params.get('sign') ? 'cert' : params.get('work') ? 'experience' : null;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const qc = useQueryClient();
  const [form] = Form.useForm<TValues>();
  const certRef = useRef<HTMLDivElement>(null);
  const expRef = useRef<HTMLDivElement>(null);
  const auth = useQuery({
    queryKey: ['recruit', 'auth'],
    queryFn: () => api.get<number>('/recruit/check_person_auth'),
  });
  const live = useQuery({
    queryKey: [...cardKey, 'my'],
    queryFn: () => api.get<TPage<TJobCardRow>>('/recruit/card', { type: 'my' }),
    enabled: !id,
  });
  const old = useQuery({
    queryKey: [...cardKey, 'edit', id],
    queryFn: () => api.get<TJobCardRow>(`/recruit/card/${id}/edit`),
    enabled: !!id,
  });

  useEffect(() => {
    const d = old.data;
    if (d)
      form.setFieldsValue({
        resume_category: d.resume_category_ids,
        resume_driving_age: d.resume_driving_age,
        region: [d.province, d.city, d.area],
        address: d.address,
        content: d.content,
        cert: d.cert,
        experience: d.experience,
      });
  }, [old.data, form]);
  const ready = auth.data === 1 && (id ? !!old.data : live.isSuccess);
  useEffect(() => {
    if (!ready || !section) return;
    const list = (form.getFieldValue(section) as unknown[] | undefined) ?? [];
    if (!list.length) form.setFieldValue(section, [{}]);
    (section === 'cert' ? certRef : expRef).current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [ready, section, form]);

  const save = useMutation({
    mutationFn: (v: TValues) => {
      const [province, city, area] = v.region ?? [];
      const body = {
        resume_category: v.resume_category,
        resume_driving_age: v.resume_driving_age,
        content: v.content,
        province,
        city,
        area,
        address: v.address,
        cert: v.cert ?? [],
        experience: v.experience ?? [],
      };
      return id ? api.put(`/recruit/card/${id}`, body) : api.post('/recruit/card', body);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: cardKey });
      toast.success(id ? R.changed : R.submitted);
      navigate('/operator/jobCard?statusAll=1');
    },
  });

  const title = id ? JT.editTitle : JT.formTitle;
  // the edit address without a card to edit: the card list, where each card has its own edit link
  if (!id && pathname.endsWith('-update')) return <Navigate to="/operator/jobCard" replace />;
  if (auth.isPending || (id && old.isPending) || (!id && live.isPending))
    return <PageCard title={title}>{<LoadingBlock />}</PageCard>;
  if (auth.data !== 1) return <PageCard title={title}>{<NeedAuth />}</PageCard>;
  const existing = live.data?.data[0];
  if (!id && existing)
    return (
      <PageCard title={title}>
        <StateView
          kind="empty"
          title={JT.liveExistsTitle}
          sub={J.liveExists}
          extra={
            <>
              <Button onClick={() => navigate('/operator/jobCard')}>{JT.toMyCard}</Button>
              <Button type="primary" onClick={() => navigate(formUrl(existing.id))}>
                {JT.editIt}
              </Button>
            </>
          }
        />
      </PageCard>
    );
  return (
    <PageCard title={title}>
      {!!old.data && isCardSearching(old.data) && (
        <Alert type="warning" showIcon title={J.editReview} className={css.notice} />
      )}
      <Form<TValues>
        form={form}
        layout="vertical"
        className={css.form}
        onFinish={(v) => save.mutate(v)}
        onFinishFailed={(e) => toast.error(e.errorFields[0]?.errors[0] ?? R.requiredAll)}
        scrollToFirstError
      >
        <Form.Item
          label={JT.category}
          name="resume_category"
          rules={r('resume_category')}
          normalize={(v: number[], prev: number[] | undefined) => {
            if (v.length <= RECRUIT_LIMITS.maxCategories) return v;
            toast.error(R.maxThree);
            return prev;
          }}
        >
          <Select
            mode="multiple"
            placeholder={JT.categoryPh}
            options={OPERATOR_CATEGORIES.map((c) => ({ value: c.id, label: c.name }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item label={JT.drivingAge} name="resume_driving_age" rules={r('resume_driving_age')}>
          <Select
            placeholder={JT.drivingAgePh}
            options={DRIVING_AGES.map((c) => ({ value: c.id, label: c.name }))}
            className={css.drivingAge}
          />
        </Form.Item>
        <Form.Item label={JT.region} name="region" rules={regionRules}>
          <RegionCascader />
        </Form.Item>
        <Form.Item label={JT.address} name="address" rules={r('address')}>
          <Input placeholder={JT.addressPh} {...inputProps(ZJobCardSave, 'address')} />
        </Form.Item>
        <Form.Item label={JT.content} name="content" rules={r('content')}>
          <Input.TextArea rows={5} placeholder={JT.contentPh} {...inputProps(ZJobCardSave, 'content')} />
        </Form.Item>

        <Entries
          anchor={certRef}
          name="cert"
          title={JT.certs}
          schema={ZCardCert}
          texts={[{ key: 'name', label: JT.certName, placeholder: JT.certNamePh }]}
          imgLabel={JT.certImg}
          add={JT.addCert}
          max={RECRUIT_LIMITS.maxCerts}
          testId="cert-entry"
        />
        <Entries
          anchor={expRef}
          name="experience"
          title={JT.exps}
          schema={ZCardExperience}
          texts={[
            { key: 'name', label: JT.expName, placeholder: JT.expNamePh },
            { key: 'address', label: JT.expAddress, placeholder: JT.expAddressPh },
          ]}
          imgLabel={JT.expImg}
          add={JT.addExp}
          max={RECRUIT_LIMITS.maxExperiences}
          testId="exp-entry"
        />

        <Space>
          <Button onClick={() => navigate('/operator/jobCard')}>{JT.cancel}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {JT.submit}
          </Button>
        </Space>
      </Form>
    </PageCard>
  );
}
