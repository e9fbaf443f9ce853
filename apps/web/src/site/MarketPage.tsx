import { useEffect, useState } from 'react';
import { Button, Pagination, Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MARKET_KEYWORD_MAX, MARKET_PAGE_SIZE, MARKET_SORTS } from '@jizu/shared/constants/market';
import type { TListingCard } from '@jizu/shared/schemas/equipment';
import type { TMarketFacets, TMarketPage } from '@jizu/shared/schemas/market';
import { api } from '../api/client';
import type { TRegion } from '../api/types';
import { useUrlQuery } from '../ui/useUrlQuery';
import { StateView } from '../ui/StateView';
import { MT, fmtText } from '../texts/market';
import css from './Market.module.css';
import { pageTitle } from '../texts/site';
import { isRentedOut } from '@jizu/shared/constants/equipment';

const regions = (parent: number) => ({
  queryKey: ['region', parent],
  queryFn: () => api.get<TRegion[]>(`/v1/city/${parent}`, undefined, { noCompany: true, quiet: true }),
  staleTime: Infinity,
});

const FILTERS = ['kw', 'category', 'group', 'province', 'city', 'rent_min', 'rent_max', 'sort'] as const;

export function ListingCard({ card }: { card: TListingCard }) {
  const region = [card.province_v, card.city_v].filter(Boolean).join(' ');
  return (
    <Link to={card.href} className={css.card} data-testid="market-card">
      <div className={css.cover}>
        {card.cover && <img src={card.cover} alt={card.product_name_v} loading="lazy" />}
        {isRentedOut(card) && <span className={css.badge}>{MT.rentedOut}</span>}
      </div>
      <div className={css.body}>
        <div className={css.name} title={card.product_name_v}>
          {card.product_name_v}
        </div>
        <div className={css.meta}>{[card.brand, card.model].filter(Boolean).join(' · ')}</div>
        <div className={css.meta}>{region}</div>
        <div className={css.price}>
          {MT.yuan}
          {card.monthly_rent_v}
          <small>{MT.perMonth}</small>
        </div>
      </div>
    </Link>
  );
}

function Skeletons() {
  return (
    <div className={css.grid} aria-busy role="status">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className={css.skeleton}>
          <div className={css.cover} />
          <div className={css.body}>
            <div className={`${css.line} ${css.lineLong}`} />
            <div className={`${css.line} ${css.lineMid}`} />
            <div className={`${css.line} ${css.lineShort}`} />
          </div>
        </div>
      ))}
    </div>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (kw: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      className={css.search}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <input
        className={css.searchInput}
        type="search"
        name="kw"
        value={text}
        maxLength={MARKET_KEYWORD_MAX}
        onChange={(e) => setText(e.target.value)}
        placeholder={MT.searchPlaceholder}
        aria-label={MT.searchPlaceholder}
      />
      <Button className={css.searchButton} type="primary" size="large" htmlType="submit">
        {MT.search}
      </Button>
    </form>
  );
}

/** Monthly rent from / to, in whole yuan. */
function RentRange({ min, max, onApply }: { min: string; max: string; onApply: (min: string, max: string) => void }) {
  const [a, setA] = useState(min);
  const [b, setB] = useState(max);
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 8);
  return (
    <form
      className={css.inline}
      onSubmit={(e) => {
        e.preventDefault();
        // a reversed range is put the right way round rather than refused
        const [lo, hi] = a && b && Number(a) > Number(b) ? [b, a] : [a, b];
        onApply(lo, hi);
      }}
    >
      <input
        className={css.num}
        inputMode="numeric"
        value={a}
        onChange={(e) => setA(digits(e.target.value))}
        placeholder={MT.rentMin}
        aria-label={MT.rentMin}
      />
      <span>—</span>
      <input
        className={css.num}
        inputMode="numeric"
        value={b}
        onChange={(e) => setB(digits(e.target.value))}
        placeholder={MT.rentMax}
        aria-label={MT.rentMax}
      />
      <Button size="small" htmlType="submit">
        {MT.apply}
      </Button>
    </form>
  );
}

/** /site/market: search, category, region and rent filters, sort, cards and pages; all of it in the address. */
export default function MarketPage() {
  const { params, update, int } = useUrlQuery();
  const kw = params.get('kw') ?? '';
  const category = int('category', 0);
  const group = int('group', 0);
  const province = int('province', 0);
  const city = int('city', 0);
  const sort = params.get('sort') ?? 'new';
  const page = int('page', 1);
  const rentMin = params.get('rent_min') ?? '';
  const rentMax = params.get('rent_max') ?? '';
  useEffect(() => {
    document.title = kw ? pageTitle(kw, MT.title) : pageTitle(MT.title);
  }, [kw]);

  const query = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? undefined]));
  const list = useQuery({
    queryKey: ['site', 'market', query, page],
    queryFn: () =>
      api.get<TMarketPage>('/site/market', { ...query, page, size: MARKET_PAGE_SIZE }, { noCompany: true }),
    placeholderData: keepPreviousData,
  });
  const facets = useQuery({
    queryKey: ['site', 'market', 'facets'],
    queryFn: () => api.get<TMarketFacets>('/site/market/facets', undefined, { noCompany: true, quiet: true }),
    staleTime: 600_000,
  });
  const provinces = useQuery(regions(1));
  const cities = useQuery({ ...regions(province), enabled: province > 0 });

  // a new filter starts again at page 1
  const set = (next: Record<string, string | number | undefined>) => update({ ...next, page: undefined });
  const chip = (on: boolean, label: string, onClick: () => void, key: string | number) => (
    <button key={key} type="button" className={on ? css.chipOn : css.chip} aria-pressed={on} onClick={onClick}>
      {label}
    </button>
  );
  const groups = facets.data?.categories.find((c) => c.id === category)?.groups ?? [];
  const anyFilter = FILTERS.some((k) => k !== 'sort' && params.get(k));

  return (
    <div className={css.page}>
      <SearchBox key={kw} initial={kw} onSearch={(v) => set({ kw: v })} />

      <div className={css.filters}>
        <div className={css.row}>
          <span className={css.label}>{MT.category}</span>
          <div className={css.chips}>
            {chip(!category, MT.all, () => set({ category: undefined, group: undefined }), 'all')}
            {(facets.data?.categories ?? []).map((c) =>
              chip(category === c.id, c.name, () => set({ category: c.id, group: undefined }), c.id),
            )}
          </div>
        </div>
        {groups.length > 1 && (
          <div className={css.row}>
            <span className={css.label}>{MT.group}</span>
            <div className={css.chips}>
              {chip(!group, MT.all, () => set({ group: undefined }), 'all')}
              {groups.map((g) => chip(group === g.id, g.name, () => set({ group: g.id }), g.id))}
            </div>
          </div>
        )}
        <div className={css.row}>
          <span className={css.label}>{MT.region}</span>
          <div className={css.inline}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              className={css.regionSelect}
              placeholder={MT.province}
              value={province || undefined}
              options={(provinces.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              onChange={(v?: number) => set({ province: v, city: undefined })}
              aria-label={MT.province}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              className={css.regionSelect}
              placeholder={MT.city}
              disabled={!province}
              value={city || undefined}
              options={(cities.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              onChange={(v?: number) => set({ city: v })}
              aria-label={MT.city}
            />
          </div>
        </div>
        <div className={css.row}>
          <span className={css.label}>{MT.rent}</span>
          <RentRange
            key={`${rentMin}-${rentMax}`}
            min={rentMin}
            max={rentMax}
            onApply={(a, b) => set({ rent_min: a, rent_max: b })}
          />
        </div>
        <div className={css.row}>
          <span className={css.label}>{MT.sort}</span>
          <div className={css.chips}>
            {MARKET_SORTS.map((s) =>
              chip(sort === s.value, s.label, () => set({ sort: s.value === 'new' ? undefined : s.value }), s.value),
            )}
          </div>
        </div>
      </div>

      <div className={css.bar}>
        <span className={css.count} aria-live="polite">
          {list.data ? fmtText(list.data.total_capped ? MT.foundCapped : MT.found, { n: list.data.total }) : '\u00a0'}
        </span>
        {anyFilter && (
          <Button
            type="link"
            size="small"
            onClick={() => update(Object.fromEntries([...FILTERS, 'page'].map((k) => [k, undefined])))}
          >
            {MT.reset}
          </Button>
        )}
      </div>

      {list.isPending ? (
        <Skeletons />
      ) : list.isError ? (
        <StateView
          kind="error"
          title={MT.loadFailed}
          extra={<Button onClick={() => list.refetch()}>{MT.retry}</Button>}
        />
      ) : list.data.data.length === 0 ? (
        <StateView kind="empty" title={MT.empty} sub={MT.emptyHint} />
      ) : (
        <>
          <div className={list.isPlaceholderData ? `${css.grid} ${css.stale}` : css.grid}>
            {list.data.data.map((c) => (
              <ListingCard key={c.id} card={c} />
            ))}
          </div>
          <div className={css.pager}>
            <Pagination
              current={page}
              pageSize={MARKET_PAGE_SIZE}
              total={list.data.total}
              showSizeChanger={false}
              onChange={(p) => {
                update({ page: p === 1 ? undefined : p });
                window.scrollTo({ top: 0 });
              }}
            />
          </div>
        </>
      )}
    </div>
  );
}
