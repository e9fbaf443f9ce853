import { Button, Pagination, Popconfirm } from 'antd';
import { HeartOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { favorite as msg_favorite } from '@jizu/shared/messages/favorite';
import { fmt } from '@jizu/shared/messages/fmt';
import { SITE } from '@jizu/shared/constants/site';
import type { TFavoriteRow } from '@jizu/shared/schemas/favorite';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { Pill } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { FT } from '../../texts/favorite';
import cm from '../../ui/common.module.css';
import css from './favorite.module.css';

const M = { favorite: msg_favorite } as const;

const SIZE = 8;
const listKey = ['favorite', 'lst'] as const;

function Remove({ id, onDone }: { id: number; onDone: () => void }) {
  return (
    <Popconfirm
      title={FT.removeConfirm}
      okText={FT.ok}
      cancelText={FT.cancel}
      onConfirm={async () => {
        await api.post('/index/favorite/del', { id });
        toast.success(M.favorite.removed);
        onDone();
      }}
    >
      <Button size="small" danger>
        {FT.remove}
      </Button>
    </Popconfirm>
  );
}

function Tile({ row, onDone }: { row: TFavoriteRow; onDone: () => void }) {
  const e = row.equipment;
  const s = row.shop;
  const href = e?.href ?? s?.href;
  return (
    <div className={css.card} data-testid="favorite">
      {href ? (
        <a href={href} target="_blank" rel="noreferrer">
          <img src={e?.cover ?? s?.shop_cover ?? ''} alt={e?.equip_name ?? s?.shop_name ?? ''} className={css.cover} />
        </a>
      ) : (
        <div className={`${css.cover} ${css.gone}`}>{row.type === 0 ? FT.gone : FT.goneShop}</div>
      )}
      <div className={css.body}>
        {e && (
          <>
            <a href={e.href} target="_blank" rel="noreferrer" className={css.name}>
              {e.equip_name} {e.model}
            </a>
            <div className={css.tags}>
              {e.tags.map((t) => (
                <Pill key={t} tone="processing">
                  {t}
                </Pill>
              ))}
              {e.on_sell !== 1 && <Pill tone="warning">{FT.offShelf}</Pill>}
            </div>
            <div className={cm.danger}>
              <strong>{e.monthly_rent_v}</strong> {FT.perMonth}
              {e.rent_rent > 0 && <span className={css.perShift}>{`${e.rent_rent_v} ${FT.perShift}`}</span>}
            </div>
            <div className={cm.hint}>
              {e.province_v}
              {e.city_v} · {e.company_name}
            </div>
          </>
        )}
        {s && (
          <>
            <a href={s.href} target="_blank" rel="noreferrer" className={css.name}>
              {s.shop_name}
            </a>
            <div className={cm.muted12}>{fmt(FT.mainProduct, { v: s.main_product })}</div>
            <div className={cm.muted12}>{fmt(FT.serviceArea, { v: s.service_area })}</div>
          </>
        )}
        <div className={css.foot}>
          <span className={cm.hint}>{fmt(FT.favNum, { n: e?.fav_num ?? s?.fav_num ?? 0 })}</span>
          <Remove id={row.id} onDone={onDone} />
        </div>
      </div>
    </div>
  );
}

/** 我的收藏 (/dashboard/favorite): tabs 设备 / 店铺 in the URL, cards with 取消收藏 (confirmed). */
export default function FavoritePage() {
  const { params, update, int } = useUrlQuery();
  const type = params.get('type') === '1' ? 1 : 0;
  const page = int('page', 1);
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: [...listKey, { type, page }],
    queryFn: () => api.get<TPage<TFavoriteRow>>('/index/favorite/lst', { type, page, size: SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    if (page > 1 && (q.data?.data.length ?? 0) <= 1) update({ page: page - 1 > 1 ? page - 1 : undefined });
    await qc.invalidateQueries({ queryKey: listKey });
    await qc.invalidateQueries({ queryKey: ['favorite', 'state'] });
  };
  return (
    <PageCard title={FT.title}>
      <TabBar
        items={[
          { key: 'devices', label: FT.tabs.devices },
          { key: 'shops', label: FT.tabs.shops },
        ]}
        active={type ? 'shops' : 'devices'}
        onChange={(k) => update({ type: k === 'shops' ? 1 : undefined, page: undefined })}
      />
      <div className={css.spacer} />
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0}
        empty={
          <StateView
            icon={<HeartOutlined className={css.emptyIcon} />}
            title={FT.empty}
            sub={FT.emptyHint}
            extra={
              <a href={SITE.market}>
                <Button type="primary">{FT.toMarket}</Button>
              </a>
            }
          />
        }
      >
        {(d) => (
          <>
            <div className={css.grid}>
              {d.data.map((r) => (
                <Tile key={r.id} row={r} onDone={() => void refresh()} />
              ))}
            </div>
            {d.total > SIZE && (
              <Pagination
                className={css.pager}
                current={page}
                pageSize={SIZE}
                total={d.total}
                showSizeChanger={false}
                onChange={(p) => update({ page: p > 1 ? p : undefined })}
              />
            )}
          </>
        )}
      </QueryState>
    </PageCard>
  );
}
