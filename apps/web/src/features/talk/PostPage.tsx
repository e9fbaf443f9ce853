import { talkRules } from '@jizu/shared/messages/talk';
import { Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { talk as msg_talk } from '@jizu/shared/messages/talk';
import { earliestApproachDate, INQUIRY_INVOICES } from '@jizu/shared/constants/talk';
import { ZInquirySave } from '@jizu/shared/schemas/talk';
import { api } from '../../api/client';
import { useUserInfo } from '../../app/session';
import { toast } from '../../app/toast';
import { applyFieldErrors } from '../auth/authApi';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { RegionCascader } from '../../ui/RegionCascader';
import { MapPicker } from '../../ui/map/MapPicker';
import { cascaderRules, inputProps, rulesOf } from '../../ui/formRules';
import { talkKey, type TInquiryListing } from './talkApi';
import { TT } from '../../texts/talk';
import '../../ui/dayjsZh';
import { REGION_DEPTH } from '@jizu/shared/constants/region';
import s from './PostPage.module.css';
import cm from '../../ui/common.module.css';

const M = { talk: msg_talk } as const;

const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);
const S = ZInquirySave;

type TValues = {
  number: number;
  region: number[];
  address: string;
  approach_time: Dayjs;
  schedule_progress: string;
  invoice: number;
  remark?: string;
  phone: string;
};

export function ListingSummary({ l }: { l: TInquiryListing }) {
  return (
    <div className={s.summary}>
      <img src={l.cover} alt={l.product_name_v} className={s.cover} />
      <div className={s.info}>
        <a href={l.href} target="_blank" rel="noreferrer" className={cm.title18}>
          {l.product_name_v} {l.model}
        </a>
        <div className={s.meta}>
          {l.brand} · {l.group_v} · {l.province_v}
          {l.city_v}
        </div>
        <div className={s.line}>
          {TT.owner}：{l.company_name}
        </div>
        <div className={s.rent}>
          <strong className={s.monthly}>{l.monthly_rent_v}</strong> {TT.perMonth}
          {l.rent_rent > 0 && <span className={s.otherRent}>{`${l.rent_rent_v} ${TT.perShift}`}</span>}
          {l.hourly_rent > 0 && <span className={s.otherRent}>{`${l.hourly_rent_v} ${TT.perHour}`}</span>}
        </div>
      </div>
    </div>
  );
}

/** 在线询价 (/talk/post/:id): the listing's card and the inquiry form; success goes to 发出的询价. */
export default function PostPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useUserInfo();
  const [form] = Form.useForm<TValues>();
  const q = useQuery({
    queryKey: [...talkKey, 'listing', id],
    queryFn: () => api.get<TInquiryListing>(`/talk/listing/${id}`, undefined, { quiet: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  const send = useMutation({
    mutationFn: (v: TValues) =>
      api.post('/talk/post', {
        listing_id: id,
        number: v.number,
        province: v.region?.[0],
        city: v.region?.[1],
        area: v.region?.[2],
        address: v.address,
        approach_time: day(v.approach_time),
        schedule_progress: v.schedule_progress,
        invoice: v.invoice,
        remark: v.remark ?? '',
        phone: v.phone,
      }),
    onSuccess: async () => {
      toast.success(M.talk.sent);
      await qc.invalidateQueries({ queryKey: talkKey });
      navigate('/talk/send');
    },
    onError: (e) => applyFieldErrors(form, e),
  });
  const earliest = dayjs(earliestApproachDate());
  return (
    <PageCard title={TT.postTitle}>
      <QueryState query={q}>
        {(l) => (
          <>
            <ListingSummary l={l} />
            <Form<TValues>
              form={form}
              layout="vertical"
              className={s.form}
              // the account's phone when the info carries it in full (a masked one would only fail the check)
              initialValues={{
                number: 1,
                invoice: 0,
                phone: /^1\d{10}$/.test(me.data?.phone ?? '') ? me.data?.phone : '',
              }}
              onFinish={(v) => send.mutate(v)}
            >
              <Form.Item name="number" label={TT.number} rules={rulesOf(S, 'number')}>
                <InputNumber precision={0} className={s.number} {...inputProps(S, 'number')} />
              </Form.Item>
              <Form.Item name="region" label={TT.region} rules={cascaderRules(REGION_DEPTH, talkRules.regionRequired)}>
                <RegionCascader />
              </Form.Item>
              <Form.Item name="address" label={TT.address} rules={rulesOf(S, 'address')}>
                <Input placeholder={TT.addressPh} {...inputProps(S, 'address')} />
              </Form.Item>
              {/* the inquiry keeps a region and an address (spec/1 §3 Inquiry has no point): the map fills them */}
              <MapPicker label={TT.point} addressMax={inputProps(S, 'address').maxLength} />
              <Form.Item name="approach_time" label={TT.approach} rules={rulesOf(S, 'approach_time', day)}>
                <DatePicker className={s.date} disabledDate={(d) => d.isBefore(earliest, 'day')} />
              </Form.Item>
              <Form.Item name="schedule_progress" label={TT.schedule} rules={rulesOf(S, 'schedule_progress')}>
                <Input placeholder={TT.schedulePh} {...inputProps(S, 'schedule_progress')} />
              </Form.Item>
              <Form.Item name="invoice" label={TT.invoice} rules={rulesOf(S, 'invoice')}>
                <Select
                  className={s.invoice}
                  options={INQUIRY_INVOICES.map((i) => ({ value: i.value, label: i.label }))}
                />
              </Form.Item>
              <Form.Item name="remark" label={TT.remark} rules={rulesOf(S, 'remark')}>
                <Input.TextArea rows={3} placeholder={TT.remarkPh} {...inputProps(S, 'remark')} />
              </Form.Item>
              <Form.Item name="phone" label={TT.contact} rules={rulesOf(S, 'phone')}>
                <Input className={s.phone} maxLength={11} inputMode="tel" />
              </Form.Item>
              <div className={cm.row12}>
                <Button type="primary" htmlType="submit" loading={send.isPending}>
                  {TT.submit}
                </Button>
                <Button onClick={() => navigate(-1)}>{TT.back}</Button>
              </div>
            </Form>
          </>
        )}
      </QueryState>
    </PageCard>
  );
}
