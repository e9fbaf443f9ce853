import { Button, DatePicker, Form, Input, Radio, Select, Space, type SelectProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BIDDING_CLASSIFY } from '@jizu/shared/constants/bidding';
import { bidding as msg_bidding, biddingRules } from '@jizu/shared/messages/bidding';
import { biddingUi } from '../../texts/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import { ZBiddingLineSave, ZBiddingSave, ZBiddingTotalSave } from '@jizu/shared/schemas/bidding';
import type { TBiddingOptions } from '@jizu/shared/schemas/biddingView';
import type { TBiddingDetail } from '@jizu/shared/schemas/selection';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { cascaderRules, inputProps, rulesOf } from '../../ui/formRules';
import { AddonInput } from '../../ui/Addon';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { RegionCascader } from '../../ui/RegionCascader';
import { MapPicker } from '../../ui/map/MapPicker';
import { ProductCascader } from './ProductCascader';
import { biddingKey } from './biddingApi';
import '../../ui/dayjsZh';
import { CHAIN_DEPTH, REGION_DEPTH } from '@jizu/shared/constants/region';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import s from './bidding.module.css';

const T = biddingUi;
/** The map's default centre when no point is chosen (spec/2 §7: a fixed coordinate in one city). */
const dateText = (v: unknown) => (v && dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);
const yuan = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');

type TLine = {
  chain?: number[];
  model?: string;
  eq_num?: number;
  payment_type?: number;
  num?: number;
  unit?: number;
  time?: number;
  limit?: string;
  age?: number;
  driver?: number;
  inout?: number;
  oil?: number;
  boarding?: number;
  enter_date?: Dayjs;
  remark?: string;
};
type TValues = Record<string, unknown> & { region?: number[]; end_time?: Dayjs; enter_date?: Dayjs; req?: TLine[] };

const chainRule = cascaderRules(CHAIN_DEPTH, biddingRules.productRequired);

/** A select of one option list; Form.Item's value, onChange and id pass through. */
function Opt({ list, ...rest }: { list: { value: number; label: string }[] } & SelectProps) {
  return <Select placeholder={T.select} options={list} {...rest} />;
}

function fromDetail(d: TBiddingDetail, prefix: string): TValues {
  return {
    name: d.name.startsWith(prefix) ? d.name.slice(prefix.length) : d.name,
    contacts: d.contacts,
    tel: d.tel,
    show: d.show,
    end_time: dayjs(d.end_time) < dayjs(shanghaiDay()) ? undefined : dayjs(d.end_time),
    type: d.type,
    payment_type: d.payment_type,
    region: [d.province, d.city, d.area],
    address: d.address,
    lng: d.lng,
    lat: d.lat,
    remark: d.remark,
    invoice_type: d.invoice_type,
    registered_assets: d.registered_assets,
    other: d.other,
    ...(d.req
      ? {
          num: d.req.num,
          unit: d.req.unit,
          limit: yuan(d.req.limit),
          time: d.req.time,
          enter_date: d.req.enter_date ? dayjs(d.req.enter_date) : undefined,
          age: d.req.age,
          driver: d.req.driver,
          inout: d.req.inout,
          oil: d.req.oil,
          boarding: d.req.boarding,
        }
      : {}),
    req: d.bidding_req_detail.map((l) => ({
      chain: [l.eq_type, l.eq_group, l.eq_product],
      model: l.model,
      eq_num: l.eq_num,
      payment_type: l.payment_type,
      num: l.num,
      unit: l.unit,
      time: l.time,
      limit: yuan(l.limit),
      age: l.age,
      driver: l.driver,
      inout: l.inout,
      oil: l.oil,
      boarding: l.boarding,
      enter_date: l.enter_date ? dayjs(l.enter_date) : undefined,
      remark: l.remark,
    })),
  };
}

/** /rent/public (itemised) and /rent/total (comprehensive): the publishing forms; `?id=` corrects a rejected project. */
export default function BiddingForm({ classify }: { classify: 1 | 2 }) {
  const total = classify === BIDDING_CLASSIFY.total;
  const schema = total ? ZBiddingTotalSave : ZBiddingSave;
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [sp] = useSearchParams();
  const editId = Number(sp.get('id')) || undefined;
  const [form] = Form.useForm<TValues>();
  const qc = useQueryClient();
  const options = useQuery({
    queryKey: ['bidding', 'options'],
    queryFn: () => api.get<TBiddingOptions>('/rent/bidding/add'),
  });
  const old = useQuery({
    queryKey: ['bidding', 'detail', editId],
    queryFn: () => api.get<TBiddingDetail>('/rent/bidding/detail', { id: editId }),
    enabled: !!editId,
  });
  const paymentType = Form.useWatch('payment_type', form);
  useEffect(() => {
    if (old.data && options.data) form.setFieldsValue(fromDetail(old.data, options.data.company_name));
  }, [old.data, options.data, form]);

  const save = useMutation({
    mutationFn: (v: TValues) => {
      const [province, city, area] = v.region ?? [];
      const lines = (v.req ?? []).map((l) => {
        const [eq_type, eq_group, eq_product] = l.chain ?? [];
        const base = { eq_type, eq_group, eq_product, model: l.model ?? '', eq_num: l.eq_num };
        return total
          ? base
          : {
              ...base,
              payment_type: l.payment_type,
              num: l.num,
              unit: l.unit,
              time: l.time,
              limit: l.limit,
              age: l.age,
              driver: l.driver,
              inout: l.inout,
              oil: l.oil,
              boarding: l.boarding,
              enter_date: dateText(l.enter_date),
              remark: l.remark ?? '',
            };
      });
      const body = {
        ...v,
        id: editId,
        region: undefined,
        province,
        city,
        area,
        end_time: dateText(v.end_time),
        enter_date: dateText(v.enter_date),
        req: lines,
      };
      return api.post<{ id: number }>(total ? '/rent/bidding/saveTotal' : '/rent/bidding/save', body);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: biddingKey });
      toast.success(msg_bidding.published);
      navigate('/rent/compete?status=5');
    },
  });

  const r = (name: string, transform?: (v: unknown) => unknown) => rulesOf(schema, name, transform);
  const lr = (name: string, transform?: (v: unknown) => unknown) => rulesOf(ZBiddingLineSave, name, transform);
  const cols = mobile ? 1 : 2;
  const grid = { gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` };

  return (
    <QueryState query={options}>
      {(o) => (
        <Form<TValues>
          form={form}
          layout="vertical"
          scrollToFirstError
          initialValues={{
            show: 1,
            payment_type: 2,
            req: [{ payment_type: 2, age: 1, driver: 1, inout: 1, oil: 1, boarding: 1, limit: '0' }],
          }}
          onFinish={(v) => save.mutate(v)}
        >
          <PageCard title={total ? T.formTotal : T.formItemised}>
            <div className={s.grid} style={grid}>
              <Form.Item
                label={T.name}
                name="name"
                rules={[...r('name'), { max: o.name_max, message: biddingRules.nameTooLong }]}
                className={s.span}
              >
                <AddonInput before={o.company_name} maxLength={o.name_max} showCount placeholder={T.name} />
              </Form.Item>
              <Form.Item label={T.contacts} name="contacts" rules={r('contacts')}>
                <Input {...inputProps(schema, 'contacts')} />
              </Form.Item>
              <Form.Item label={T.tel} name="tel" rules={r('tel')}>
                <Input maxLength={11} />
              </Form.Item>
              <Form.Item label={T.endTime} name="end_time" rules={r('end_time', dateText)}>
                <DatePicker className={s.full} disabledDate={(d) => d.format('YYYY-MM-DD') < shanghaiDay()} />
              </Form.Item>
              <Form.Item label={T.show} name="show">
                <Radio.Group
                  options={[
                    { value: 1, label: T.showYes },
                    { value: 0, label: T.showNo },
                  ]}
                />
              </Form.Item>
              <Form.Item label={T.type} name="type" rules={r('type')}>
                <Opt list={o.project_types} />
              </Form.Item>
              <Form.Item label={T.paymentType} name="payment_type" rules={r('payment_type')}>
                <Opt list={o.payment_types} />
              </Form.Item>
              <Form.Item
                label={T.region}
                name="region"
                rules={cascaderRules(REGION_DEPTH, biddingRules.regionRequired)}
              >
                <RegionCascader />
              </Form.Item>
              <Form.Item label={T.address} name="address" rules={r('address')}>
                <Input {...inputProps(schema, 'address')} />
              </Form.Item>
              <MapPicker
                label={T.point}
                required
                rules={{ lng: r('lng'), lat: r('lat') }}
                addressMax={inputProps(schema, 'address').maxLength}
                className={s.span}
              />
              <Form.Item label={T.remark} name="remark" rules={r('remark')} className={s.remark}>
                <Input.TextArea rows={5} maxLength={500} showCount placeholder={T.remarkPh} />
              </Form.Item>
            </div>
          </PageCard>
          <PageCard title={T.requirements}>
            <div className={s.grid} style={grid}>
              <Form.Item label={T.invoiceType} name="invoice_type" rules={r('invoice_type')}>
                <Opt list={o.invoice_types} />
              </Form.Item>
              <Form.Item label={T.registeredAssets} name="registered_assets" rules={r('registered_assets')}>
                <Opt list={o.registered_assets} />
              </Form.Item>
              <Form.Item label={T.other} name="other" rules={r('other')} className={s.span}>
                <Input.TextArea rows={2} {...inputProps(schema, 'other')} />
              </Form.Item>
            </div>
          </PageCard>
          {total && (
            <PageCard title={T.engineering}>
              <div className={s.grid} style={grid}>
                <Form.Item label={T.num} name="num" rules={r('num')}>
                  <Input inputMode="numeric" />
                </Form.Item>
                {paymentType === 1 && (
                  <Form.Item
                    label={T.unit}
                    name="unit"
                    rules={[{ required: true, message: biddingRules.unitRequired }]}
                  >
                    <Opt list={o.units.filter((u) => u.value >= 10)} />
                  </Form.Item>
                )}
                <Form.Item label={T.limit} name="limit" rules={r('limit')} extra={T.limitHelp}>
                  <Input inputMode="decimal" />
                </Form.Item>
                <Form.Item label={T.time} name="time" rules={r('time')}>
                  <Input inputMode="numeric" />
                </Form.Item>
                <Form.Item label={T.enterDate} name="enter_date" rules={r('enter_date', dateText)}>
                  <DatePicker className={s.full} />
                </Form.Item>
                <Form.Item label={T.age} name="age" rules={r('age')}>
                  <Opt list={o.ages} />
                </Form.Item>
                <Form.Item label={T.driver} name="driver" rules={r('driver')}>
                  <Opt list={o.drivers} />
                </Form.Item>
                <Form.Item label={T.inout} name="inout" rules={r('inout')}>
                  <Opt list={o.inouts} />
                </Form.Item>
                <Form.Item label={T.oil} name="oil" rules={r('oil')}>
                  <Opt list={o.oils} />
                </Form.Item>
                <Form.Item label={T.boarding} name="boarding" rules={r('boarding')}>
                  <Opt list={o.boardings} />
                </Form.Item>
              </div>
            </PageCard>
          )}
          <PageCard title={T.equipment}>
            <Form.List name="req">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f, i) => (
                    <div key={f.key} data-testid="bid-line" className={s.line}>
                      <div className={s.lineHead}>
                        <strong>{fmt(T.lineNo, { n: i + 1 })}</strong>
                        {fields.length > 1 && (
                          <Button type="link" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)}>
                            {T.removeLine}
                          </Button>
                        )}
                      </div>
                      <div className={s.grid} style={grid}>
                        <Form.Item label={T.product} name={[f.name, 'chain']} rules={chainRule}>
                          <ProductCascader placeholder={T.select} />
                        </Form.Item>
                        <Form.Item label={T.model} name={[f.name, 'model']} rules={lr('model')}>
                          <Input {...inputProps(ZBiddingLineSave, 'model')} />
                        </Form.Item>
                        <Form.Item label={T.eqNum} name={[f.name, 'eq_num']} rules={lr('eq_num')}>
                          <Input inputMode="numeric" />
                        </Form.Item>
                        {!total && <LineTerms name={f.name} o={o} lr={lr} />}
                      </div>
                    </div>
                  ))}
                  <Button
                    block
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() =>
                      add({ payment_type: 2, age: 1, driver: 1, inout: 1, oil: 1, boarding: 1, limit: '0' })
                    }
                  >
                    {T.addLine}
                  </Button>
                </>
              )}
            </Form.List>
          </PageCard>
          <Space className={s.actions}>
            <Button onClick={() => navigate('/rent/compete')}>{T.cancel}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {T.submit}
            </Button>
          </Space>
        </Form>
      )}
    </QueryState>
  );
}

function LineTerms({
  name,
  o,
  lr,
}: {
  name: number;
  o: TBiddingOptions;
  lr: (n: string, t?: (v: unknown) => unknown) => ReturnType<typeof rulesOf>;
}) {
  const form = Form.useFormInstance();
  const pt = Form.useWatch(['req', name, 'payment_type'], form);
  return (
    <>
      <Form.Item label={T.paymentType} name={[name, 'payment_type']} rules={lr('payment_type')}>
        <Opt list={o.payment_types} />
      </Form.Item>
      <Form.Item label={T.num} name={[name, 'num']} rules={lr('num')}>
        <AddonInput
          inputMode="numeric"
          after={
            pt === 1
              ? undefined
              : o.units.find((u) => u.value === ({ 2: 1, 3: 2, 4: 3 } as Record<number, number>)[pt])?.label
          }
        />
      </Form.Item>
      {pt === 1 && (
        <Form.Item
          label={T.unit}
          name={[name, 'unit']}
          rules={[{ required: true, message: biddingRules.unitRequired }]}
        >
          <Opt list={o.units.filter((u) => u.value >= 10)} />
        </Form.Item>
      )}
      <Form.Item label={T.time} name={[name, 'time']} rules={lr('time')}>
        <Input inputMode="numeric" />
      </Form.Item>
      <Form.Item label={T.limit} name={[name, 'limit']} rules={lr('limit')} extra={T.limitHelp}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item label={T.enterDate} name={[name, 'enter_date']} rules={lr('enter_date', dateText)}>
        <DatePicker className={s.full} />
      </Form.Item>
      <Form.Item label={T.age} name={[name, 'age']} rules={lr('age')}>
        <Opt list={o.ages} />
      </Form.Item>
      <Form.Item label={T.driver} name={[name, 'driver']} rules={lr('driver')}>
        <Opt list={o.drivers} />
      </Form.Item>
      <Form.Item label={T.inout} name={[name, 'inout']} rules={lr('inout')}>
        <Opt list={o.inouts} />
      </Form.Item>
      <Form.Item label={T.oil} name={[name, 'oil']} rules={lr('oil')}>
        <Opt list={o.oils} />
      </Form.Item>
      <Form.Item label={T.boarding} name={[name, 'boarding']} rules={lr('boarding')}>
        <Opt list={o.boardings} />
      </Form.Item>
      <Form.Item label={T.lineRemark} name={[name, 'remark']} rules={lr('remark')} className={s.span}>
        <Input.TextArea rows={2} {...inputProps(ZBiddingLineSave, 'remark')} />
      </Form.Item>
    </>
  );
}
