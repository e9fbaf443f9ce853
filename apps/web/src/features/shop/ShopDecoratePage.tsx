import { useState } from 'react';
import { Alert, Button, Form, Image, Input, Modal, Pagination, Popconfirm, Select, Space, Tabs } from 'antd';
import { FrownOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { common as msg_common } from '@jizu/shared/messages/common';
import { shop as msg_shop } from '@jizu/shared/messages/shop';
import { fmt } from '@jizu/shared/messages/fmt';
import {
  CASE_MACHINE,
  CASE_STATUS,
  COVER_MACHINE,
  COVER_STATUS,
  HONOUR_MACHINE,
  HONOUR_STATUS,
  SHOP_LIMITS,
  hasCover,
  isCaseFailed,
  isHonourRejected,
  isShopOpen,
  isShopUnset,
} from '@jizu/shared/constants/shop';
import { actionsOf } from '@jizu/shared/rules/machine';
import { ZCaseSave, ZHonourSave, type TShopCase, type TShopHonour } from '@jizu/shared/schemas/shop';
import type { TPage } from '@jizu/shared/errors';
import { api, ApiError } from '../../api/client';
import { toast } from '../../app/toast';
import { inputProps, rulesOf } from '../../ui/formRules';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageCard } from '../../ui/PageCard';
import { EmptyState, LoadingBlock, QueryState } from '../../ui/QueryState';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { StateView } from '../../ui/StateView';
import { useFormSave } from '../../ui/useFormSave';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { menuUrls, useMenu } from '../../app/session';
import { coverQuery, infoQuery, shopKey, type TCover, type THot } from './shopApi';
import { ST } from '../../texts/shop';
import s from './ShopDecoratePage.module.css';
import cm from '../../ui/common.module.css';

const M = { common: msg_common, shop: msg_shop } as const;

const COVER_TONES: Record<number, TTone> = {
  [COVER_STATUS.none]: 'default',
  [COVER_STATUS.review]: 'processing',
  [COVER_STATUS.approved]: 'success',
  [COVER_STATUS.failed]: 'error',
  [COVER_STATUS.deleted]: 'default',
};
const CASE_TONES: Record<number, TTone> = {
  [CASE_STATUS.review]: 'processing',
  [CASE_STATUS.approved]: 'success',
  [CASE_STATUS.failed]: 'error',
  [CASE_STATUS.deleted]: 'default',
};
const HONOUR_TONES: Record<number, TTone> = {
  [HONOUR_STATUS.review]: 'processing',
  [HONOUR_STATUS.approved]: 'success',
  [HONOUR_STATUS.rejected]: 'error',
};
const TAB_KEYS = ['eq', 'pic', 'project', 'honor'] as const;
type TTab = (typeof TAB_KEYS)[number];

function useAct(path: string, key: readonly unknown[], done: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => api.post(path, body),
    onSuccess: async () => {
      toast.success(done);
      await qc.invalidateQueries({ queryKey: key });
    },
  });
}

function HotTab() {
  const key = [...shopKey, 'eq'];
  const q = useQuery({ queryKey: key, queryFn: () => api.get<THot>('/shop/eq', undefined, { quiet: true }) });
  const [picking, setPicking] = useState(false);
  const [eq, setEq] = useState<number | undefined>();
  const add = useAct('/shop/addeq', key, M.shop.shelved);
  const del = useAct('/shop/deleq', key, M.shop.unshelved);
  const count = q.data?.total ?? 0;
  return (
    <>
      <div className={s.toolbar}>
        <span className={s.countHint}>{fmt(ST.hotHint, { n: count, max: SHOP_LIMITS.hotDevices })}</span>
        {q.isSuccess && count < SHOP_LIMITS.hotDevices && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEq(undefined), setPicking(true))}>
            {ST.addHot}
          </Button>
        )}
      </div>
      <QueryState query={q} isEmpty={(d) => d.total === 0} empty={<EmptyState text={ST.hotEmpty} />}>
        {(d) => (
          <div className={s.grid}>
            {d.data.map((c) => (
              <div key={c.hot_id} className={s.tile} data-testid="hot-device">
                <img src={c.cover} alt={c.product_name_v} className={s.hotImage} />
                <div className={s.hotBody}>
                  <strong>
                    {c.product_name_v} {c.model}
                  </strong>
                  <span className={s.muted}>
                    {c.brand} · {c.city_v}
                  </span>
                  <span className={s.rent}>
                    {c.monthly_rent_v}
                    {ST.perMonth}
                  </span>
                  <div className={cm.rowEnd}>
                    <Popconfirm title={ST.unshelveConfirm} onConfirm={() => del.mutateAsync({ id: c.hot_id })}>
                      <Button size="small" danger>
                        {ST.unshelve}
                      </Button>
                    </Popconfirm>
                  </div>
                </div>
              </div>
            ))}
          </div>
        )}
      </QueryState>
      <Modal
        open={picking}
        title={ST.pickDevice}
        onCancel={() => setPicking(false)}
        okText={ST.addHot}
        cancelText={ST.cancel}
        confirmLoading={add.isPending}
        onOk={async () => {
          if (!eq) return toast.error(M.shop.selectDevice);
          await add.mutateAsync({ eq_id: eq });
          setPicking(false);
        }}
        destroyOnHidden
      >
        {q.data?.options.length ? (
          <Select
            className={s.full}
            placeholder={ST.pickDevice}
            value={eq}
            onChange={setEq}
            options={q.data.options.map((o) => ({
              value: o.id,
              label: `${o.product_name_v} ${o.model}（${o.monthly_rent_v}${ST.perMonth}）`,
            }))}
          />
        ) : (
          <EmptyState text={ST.noOptions} />
        )}
      </Modal>
    </>
  );
}

function CoverTab({ cover }: { cover: TCover }) {
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (shop_cover: string) => api.post('/shop/addpic', { shop_cover }),
    onSuccess: async () => {
      toast.success(M.common.submitted);
      await qc.invalidateQueries({ queryKey: coverQuery.queryKey });
    },
  });
  const del = useAct('/shop/delpic', coverQuery.queryKey, M.common.deleted);
  const has = hasCover(cover);
  return (
    <div className={cm.col12}>
      <Space wrap>
        <span>{ST.coverStatus}：</span>
        <StatusTag status={cover.cover_status} text={cover.cover_status_v} tones={COVER_TONES} />
      </Space>
      {cover.reason && <Alert type="error" showIcon title={fmt(ST.reason, { reason: cover.reason })} />}
      {has ? (
        <Image src={cover.shop_cover} alt={ST.tabs.pic} className={s.cover} />
      ) : (
        <EmptyState text={ST.coverEmpty} />
      )}
      <div className={s.muted}>{ST.coverHint}</div>
      <Space wrap>
        <ImageUpload
          kind="shop"
          label={has ? ST.replaceCover : ST.uploadCover}
          width={240}
          height={80}
          check={async (f) => (f.size > SHOP_LIMITS.coverBytes ? M.shop.coverTooLarge : null)}
          onChange={(p) => save.mutate(p)}
        />
        {has && actionsOf(COVER_MACHINE, { status: cover.cover_status }, 'company').includes('delete') && (
          <Popconfirm title={ST.deleteCoverConfirm} onConfirm={() => del.mutateAsync({})}>
            <Button danger>{ST.deleteCover}</Button>
          </Popconfirm>
        )}
      </Space>
    </div>
  );
}

type TCaseValues = { title: string; cover: string; content: string };

function CaseTab() {
  const { int, update } = useUrlQuery();
  const page = int('page', 1);
  const key = [...shopKey, 'project'];
  const q = useQuery({
    queryKey: [...key, page],
    queryFn: () => api.get<TPage<TShopCase>>('/shop/lisproject', { page, size: 5 }, { quiet: true }),
  });
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<TCaseValues>();
  const save = useFormSave<TCaseValues>(
    form,
    (v) => api.post('/shop/addproject', v, { quiet: true }),
    key,
    () => setAdding(false),
    M.common.added,
  );
  const del = useAct('/shop/delproject', key, M.common.deleted);
  return (
    <>
      <div className={s.toolbarEnd}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {ST.addCase}
        </Button>
      </div>
      <QueryState query={q} isEmpty={(d) => d.total === 0} empty={<EmptyState text={ST.caseEmpty} />}>
        {(d) => (
          <>
            <div className={cm.col12}>
              {d.data.map((c) => (
                <div key={c.id} data-testid="case" className={s.case}>
                  <Image src={c.cover} alt={c.title} width={160} height={100} className={s.caseImage} />
                  <div className={s.caseBody}>
                    <Space wrap>
                      <strong>{c.title}</strong>
                      <StatusTag status={c.status} text={c.status_v} tones={CASE_TONES} />
                    </Space>
                    <div className={s.caseContent}>{c.content}</div>
                    {c.reason && isCaseFailed(c) && (
                      <div className={cm.error12}>{fmt(ST.reason, { reason: c.reason })}</div>
                    )}
                    <div className={s.caseFoot}>
                      <span className={s.mutedGrow}>{c.create_time}</span>
                      {actionsOf(CASE_MACHINE, c, 'company').includes('delete') && (
                        <Popconfirm
                          title={fmt(ST.deleteConfirm, { name: c.title })}
                          okButtonProps={{ danger: true }}
                          onConfirm={() => del.mutateAsync({ id: c.id })}
                        >
                          <Button size="small" danger>
                            {ST.delete}
                          </Button>
                        </Popconfirm>
                      )}
                    </div>
                  </div>
                </div>
              ))}
            </div>
            {d.total > 5 && (
              <Pagination
                className={s.pager}
                current={page}
                pageSize={5}
                total={d.total}
                onChange={(p) => update({ page: p > 1 ? p : undefined })}
              />
            )}
          </>
        )}
      </QueryState>
      <Modal
        open={adding}
        title={ST.addCase}
        okText={ST.submit}
        cancelText={ST.cancel}
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form<TCaseValues> form={form} layout="vertical" preserve={false} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="title" label={ST.caseTitle} rules={rulesOf(ZCaseSave, 'title')}>
            <Input {...inputProps(ZCaseSave, 'title')} />
          </Form.Item>
          <Form.Item name="cover" label={ST.caseCover} rules={rulesOf(ZCaseSave, 'cover')}>
            <ImageUpload kind="shop" label={ST.caseCover} width={200} height={125} />
          </Form.Item>
          <Form.Item name="content" label={ST.caseContent} rules={rulesOf(ZCaseSave, 'content')}>
            <Input.TextArea rows={5} {...inputProps(ZCaseSave, 'content')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

type THonourValues = { name: string; img: string };

function HonourTab() {
  const key = [...shopKey, 'honor'];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<TShopHonour[]>('/shop/listHonor', undefined, { quiet: true }),
  });
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<THonourValues>();
  const save = useFormSave<THonourValues>(
    form,
    (v) => api.post('/shop/addhonor', v, { quiet: true }),
    key,
    () => setAdding(false),
    M.common.added,
  );
  const del = useAct('/shop/delHonor', key, M.common.deleted);
  const count = q.data?.length ?? 0;
  return (
    <>
      <div className={s.toolbar}>
        <span className={s.countHint}>{fmt(ST.honourHint, { n: count, max: SHOP_LIMITS.honours })}</span>
        {q.isSuccess && count < SHOP_LIMITS.honours && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {ST.addHonour}
          </Button>
        )}
      </div>
      <QueryState query={q} isEmpty={(d) => d.length === 0} empty={<EmptyState text={ST.honourEmpty} />}>
        {(list) => (
          <div className={s.grid}>
            {list.map((h) => (
              <div key={h.id} className={s.tile} data-testid="honour">
                <Image src={h.img} alt={h.name} height={160} className={s.honourImage} />
                <div className={s.tileBody}>
                  <Space wrap>
                    <strong>{h.name}</strong>
                    <StatusTag status={h.status} text={h.status_v} tones={HONOUR_TONES} />
                  </Space>
                  {h.reason && isHonourRejected(h) && (
                    <div className={cm.error12}>{fmt(ST.reason, { reason: h.reason })}</div>
                  )}
                  {actionsOf(HONOUR_MACHINE, h, 'company').includes('delete') && (
                    <div className={cm.rowEnd}>
                      <Popconfirm
                        title={fmt(ST.deleteConfirm, { name: h.name })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => del.mutateAsync({ id: h.id })}
                      >
                        <Button size="small" danger>
                          {ST.delete}
                        </Button>
                      </Popconfirm>
                    </div>
                  )}
                </div>
              </div>
            ))}
          </div>
        )}
      </QueryState>
      <Modal
        open={adding}
        title={ST.addHonour}
        okText={ST.submit}
        cancelText={ST.cancel}
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form<THonourValues> form={form} layout="vertical" preserve={false} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="name" label={ST.honourName} rules={rulesOf(ZHonourSave, 'name')}>
            <Input {...inputProps(ZHonourSave, 'name')} />
          </Form.Item>
          <Form.Item name="img" label={ST.honourImg} rules={rulesOf(ZHonourSave, 'img')}>
            <ImageUpload kind="shop" label={ST.honourImg} width={200} height={150} contain />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Shop pages without an open shop (spec/1 §8 shop page code 0): 抱歉, the server's message and the way to the settings. */
function Sorry({ msg }: { msg: string }) {
  return (
    <StateView
      icon={<FrownOutlined className={s.sorryIcon} />}
      title={ST.sorry}
      sub={msg}
      extra={
        <Link to="/shop/setting">
          <Button type="primary">{ST.toSetting}</Button>
        </Link>
      }
    />
  );
}

/** Why a shop whose state is known cannot be decorated (the server's refusals of the decoration calls), or null. */
const closedBecause = (status: number) =>
  isShopUnset(status) ? M.shop.notSetUp : isShopOpen(status) ? null : M.shop.notOpen;

/** 店铺装修 (menu 222): hot-rent devices, the focus image, engineering cases and honours of an approved shop. */
export default function ShopDecoratePage() {
  // the shop's state, read as the setting page reads it (asked afresh: the platform may have decided meanwhile) by a
  // member who may use that page: a shop that is not open is told so without asking a decoration call the server
  // would refuse (409); a member with the decoration grant alone learns it from the focus image's refusal
  const readsState = menuUrls(useMenu().data).has('/shop/setting');
  const info = useQuery({ ...infoQuery, enabled: readsState, refetchOnMount: 'always' });
  const known = readsState && info.data && info.isFetchedAfterMount ? closedBecause(info.data.shop_status) : undefined;
  const gate = useQuery({ ...coverQuery, enabled: !readsState || known === null });
  const { params, update } = useUrlQuery();
  const tab: TTab = (TAB_KEYS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TTab)
    : 'eq';
  const refused =
    gate.error instanceof ApiError && (gate.error.code === 'SHOP_NOT_SET_UP' || gate.error.code === 'SHOP_NOT_OPEN')
      ? gate.error.msg
      : null;
  const closed = known || refused;
  const extra = gate.data && (
    <Space>
      <Link to="/shop/setting">{ST.settingTitle}</Link>
      <a href={gate.data.href} target="_blank" rel="noreferrer">
        {ST.viewShop}
      </a>
    </Space>
  );
  return (
    <PageCard title={ST.decorateTitle} extra={extra}>
      {closed ? (
        <Sorry msg={closed} />
      ) : readsState && info.isError ? (
        <QueryState query={info}>{() => null}</QueryState>
      ) : gate.isPending ? (
        <LoadingBlock />
      ) : (
        <QueryState query={gate}>
          {(cover) => (
            <Tabs
              activeKey={tab}
              onChange={(k) => update({ tab: k === 'eq' ? undefined : k, page: undefined })}
              items={[
                { key: 'eq', label: ST.tabs.eq, children: <HotTab /> },
                { key: 'pic', label: ST.tabs.pic, children: <CoverTab cover={cover} /> },
                { key: 'project', label: ST.tabs.project, children: <CaseTab /> },
                { key: 'honor', label: ST.tabs.honor, children: <HonourTab /> },
              ]}
            />
          )}
        </QueryState>
      )}
    </PageCard>
  );
}
