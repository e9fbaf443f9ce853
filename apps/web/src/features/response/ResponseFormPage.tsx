import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Col, Divider, Form, Input, InputNumber, Modal, Row, Space, type FormInstance } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { BIDDING_CLASSIFY, INOUT_QUOTED } from '@jizu/shared/constants/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import { offer as msg_offer, offerRules } from '@jizu/shared/messages/offer';
import { fenToYuanText, taxInclusiveFen, yuanToFen } from '@jizu/shared/rules/money';
import type { TBiddingLine } from '@jizu/shared/schemas/biddingView';
import { ZOfferContact, ZOfferLineSave, type TOfferForm } from '@jizu/shared/schemas/offer';
import { api, ApiError } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { inputProps, rulesOf } from '../../ui/formRules';
import { BiddingInfo, lineReqs } from './BiddingInfo';
import { responseKey } from './responseApi';
import s from './response.module.css';
import cm from '../../ui/common.module.css';
import * as TC from '../../texts/common';

const M = msg_offer;
type TLineValues = {
  tick?: boolean;
  price?: string | number | null;
  rate?: number | null;
  num?: number | null;
  inout_price?: number | null;
};
type TValues = { lines: Record<string, TLineValues>; contacts: string; tel: string; remark?: string };

const quotesInout = (l: TBiddingLine) => (INOUT_QUOTED as readonly number[]).includes(l.inout);

/** One request line: the tick, then its price, rate, quantity and entry/exit fee, with the tax-inclusive price live. */
function LineQuote({ l, form, total }: { l: TBiddingLine; form: FormInstance<TValues>; total: boolean }) {
  const path = (f: string) => ['lines', String(l.id), f];
  const tick = Form.useWatch(path('tick'), form) as boolean | undefined;
  const price = Form.useWatch(path('price'), form) as string | number | undefined;
  const rate = Form.useWatch(path('rate'), form) as number | undefined;
  const fen = price === undefined || price === null || price === '' ? null : yuanToFen(price);
  const taxed =
    fen !== null && fen >= 0 && Number.isInteger(rate) ? fenToYuanText(taxInclusiveFen(fen, rate as number)) : '-';
  const on = total || !!tick;
  const maxYuan = l.limit > 0 ? l.limit / 100 : undefined;
  const priceRules = on
    ? [
        ...rulesOf(ZOfferLineSave, 'price'),
        {
          validator: async (_: unknown, v: unknown) => {
            const f = v === undefined || v === null || v === '' ? null : yuanToFen(String(v));
            if (f !== null && l.limit > 0 && f > l.limit)
              throw new Error(fmt(offerRules.priceOverLimit, { limit: l.limit_v }));
          },
        },
      ]
    : [];
  const numRules = on
    ? [
        ...rulesOf(ZOfferLineSave, 'num'),
        {
          validator: async (_: unknown, v: unknown) => {
            if (typeof v === 'number' && v > l.num) throw new Error(fmt(offerRules.numBad, { n: l.num }));
          },
        },
      ]
    : [];
  return (
    <div data-testid={`line-${l.no}`} className={on ? `${s.lineQuote} ${s.lineQuoteOn}` : s.lineQuote}>
      <div className={s.lineHead}>
        {!total && (
          <Form.Item name={path('tick')} valuePropName="checked" noStyle>
            <Checkbox aria-label={`${M.tick} ${l.eq_product_v}`} />
          </Form.Item>
        )}
        <div className={cm.growShrink}>
          <div className={cm.strong}>
            {l.no}. {l.eq_product_v} {l.model}
            <span className={s.lineMeta}>
              {M.demanded} {l.num}
              {l.num_unit_v} · {M.limit} {l.limit_v}
            </span>
          </div>
          <div className={cm.hint}>
            {lineReqs(l)}
            {l.remark ? ` · ${l.remark}` : ''}
          </div>
        </div>
      </div>
      {on && (
        <Row gutter={12} className={s.lineFields}>
          <Col xs={12} lg={5}>
            <Form.Item label={M.price} name={path('price')} rules={priceRules} validateFirst>
              <InputNumber<string>
                stringMode
                min="0"
                max={maxYuan !== undefined ? String(maxYuan) : undefined}
                precision={2}
                className={s.full}
                placeholder={l.limit > 0 ? `≤ ${l.limit_v}` : undefined}
              />
            </Form.Item>
          </Col>
          <Col xs={12} lg={4}>
            <Form.Item label={M.rate} name={path('rate')} rules={on ? rulesOf(ZOfferLineSave, 'rate') : []}>
              <InputNumber min={0} max={100} precision={0} className={s.full} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={5}>
            <Form.Item label={`${M.num}(${l.num_unit_v})`} name={path('num')} rules={numRules} validateFirst>
              <InputNumber min={0} max={l.num} precision={0} disabled={total} className={s.full} />
            </Form.Item>
          </Col>
          {quotesInout(l) && (
            <Col xs={12} lg={5}>
              <Form.Item
                label={M.inoutPrice}
                name={path('inout_price')}
                rules={
                  on
                    ? rulesOf(ZOfferLineSave, 'inout_price').concat({
                        required: true,
                        message: offerRules.inoutRequired,
                      })
                    : []
                }
              >
                <InputNumber min={0} precision={0} className={s.full} />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} lg={5}>
            <Form.Item label={M.taxTotal}>
              <span data-testid={`taxed-${l.no}`} className={s.taxed}>
                {taxed}
              </span>
            </Form.Item>
          </Col>
        </Row>
      )}
    </div>
  );
}

/** /response/create/{biddingId} and /response/edit/{offerId}: the quote form (spec/2 §2 item 5, §5 Response). */
export default function ResponseFormPage({ edit }: { edit?: boolean }) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const qc = useQueryClient();
  const [form] = Form.useForm<TValues>();
  const [modal, holder] = Modal.useModal();
  const warned = useRef(false);
  // saved and leaving: the form's query, dropped below, is not asked again (it would answer 'already responded')
  const [left, setLeft] = useState(false);
  const q = useQuery({
    queryKey: [...responseKey, edit ? 'edit' : 'create', id],
    queryFn: () =>
      api.get<TOfferForm>(edit ? `/ep/offer/${id}/edit` : '/ep/offer/create', edit ? {} : { id }, { quiet: true }),
    enabled: Number.isInteger(id) && id > 0 && !left,
    retry: false,
  });
  // a refusal (own project, not responding, deadline, already responded, withdrawn): show it and leave (spec/2 §8)
  useEffect(() => {
    if (!q.isError || warned.current) return;
    warned.current = true;
    const e = q.error;
    const data = e instanceof ApiError ? (e.data as { edit?: string } | null) : null;
    modal.warning({
      title: M.createTitle,
      content: e instanceof ApiError ? e.msg : M.loadFailed,
      okText: TC.ok,
      onOk: () => navigate(data?.edit ?? '/dashboard/index', { replace: true }),
    });
  }, [q.isError, q.error, navigate, modal]);
  const save = useMutation({
    mutationFn: (body: object) =>
      edit ? api.put<{ id: number }>(`/ep/offer/${id}`, body) : api.post<{ id: number }>('/ep/offer', body),
    onSuccess: async () => {
      // leaving: the form's own query, refetched now, would answer 'already responded'; no refusal dialog then
      warned.current = true;
      setLeft(true);
      toast.success(edit ? M.changed : M.saved);
      navigate('/response');
      qc.removeQueries({ queryKey: [...responseKey, edit ? 'edit' : 'create', id] });
      await Promise.all(['list', 'detail', 'see'].map((k) => qc.invalidateQueries({ queryKey: [...responseKey, k] })));
    },
  });
  const d = q.data;
  useEffect(() => {
    if (!d) return;
    const total = d.bidding.classify === BIDDING_CLASSIFY.total;
    const byRid = new Map((d.offer?.lines ?? []).map((x) => [x.rid, x]));
    const lines: Record<string, TLineValues> = {};
    for (const l of d.bidding.bidding_req_detail) {
      const o = byRid.get(l.id);
      lines[String(l.id)] = o
        ? { tick: true, price: (o.price / 100).toFixed(2), rate: o.rate, num: o.num, inout_price: o.inout_price / 100 }
        : { tick: total, num: l.num, rate: undefined };
    }
    form.setFieldsValue({
      lines,
      contacts: d.offer?.contacts ?? '',
      tel: d.offer?.tel ?? '',
      remark: d.offer?.remark ?? '',
    });
  }, [d, form]);
  const submit = (v: TValues) => {
    if (!d) return;
    const total = d.bidding.classify === BIDDING_CLASSIFY.total;
    const list = d.bidding.bidding_req_detail
      .filter((l) => total || v.lines?.[String(l.id)]?.tick)
      .map((l) => {
        const x = v.lines[String(l.id)];
        const fen = yuanToFen(String(x.price ?? ''));
        return {
          bid: d.bidding.id,
          rid: l.id,
          price: String(x.price ?? ''),
          rate: x.rate,
          num: total ? l.num : x.num,
          inout_price: quotesInout(l) ? x.inout_price : 0,
          tax_total: fen !== null && typeof x.rate === 'number' ? taxInclusiveFen(fen, x.rate) / 100 : undefined,
        };
      });
    if (!list.length) {
      toast.error(offerRules.linesRequired);
      return;
    }
    save.mutate({ bid: d.bidding.id, list, umessage: { contacts: v.contacts, tel: v.tel, remark: v.remark ?? '' } });
  };
  return (
    <PageCard title={edit ? M.editTitle : M.createTitle}>
      {holder}
      <QueryState query={q}>
        {(data) => {
          const total = data.bidding.classify === BIDDING_CLASSIFY.total;
          return (
            <Form form={form} layout="vertical" onFinish={submit} scrollToFirstError requiredMark>
              <BiddingInfo b={data.bidding} mobile={mobile} />
              <Divider titlePlacement="start">{M.quoteLines}</Divider>
              {total && <div className={s.totalHint}>{M.totalHint}</div>}
              <div className={cm.col12}>
                {data.bidding.bidding_req_detail.map((l) => (
                  <LineQuote key={l.id} l={l} form={form} total={total} />
                ))}
              </div>
              <Divider titlePlacement="start">{M.serviceInfo}</Divider>
              <Row gutter={12}>
                <Col xs={24} lg={8}>
                  <Form.Item label={M.contacts} name="contacts" rules={rulesOf(ZOfferContact, 'contacts')}>
                    <Input {...inputProps(ZOfferContact, 'contacts')} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={8}>
                  <Form.Item label={M.tel} name="tel" rules={rulesOf(ZOfferContact, 'tel')}>
                    <Input inputMode="tel" maxLength={11} />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item label={M.remark} name="remark" rules={rulesOf(ZOfferContact, 'remark')}>
                    <Input.TextArea rows={3} {...inputProps(ZOfferContact, 'remark')} />
                  </Form.Item>
                </Col>
              </Row>
              <Space>
                <Button onClick={() => navigate('/response')}>{M.cancel}</Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {M.submit}
                </Button>
              </Space>
            </Form>
          );
        }}
      </QueryState>
    </PageCard>
  );
}
