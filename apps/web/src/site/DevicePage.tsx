import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { TMarketDevice } from '@jizu/shared/schemas/market';
import { ApiError, api } from '../api/client';
import { useVisitor } from '../app/visitor';
import { LoadingBlock } from '../ui/QueryState';
import { StateView } from '../ui/StateView';
import FavoriteButton from '../features/favorite/FavoriteButton';
import ReportButton from '../features/report/ReportButton';
import { MT, fmtText } from '../texts/market';
import { ShopReviews } from '../features/review/ShopReviews';
import css from './Market.module.css';
import { pageTitle, titles } from '../texts/site';
import { fmt } from '@jizu/shared/messages/fmt';
import { isRentedOut } from '@jizu/shared/constants/equipment';

/** the small map of the listing's point: its own chunk, loaded after the page (first-load budget) */
const MapView = lazy(() => import('../ui/map/MapView'));

const money = (fen: number, v: string) => (fen > 0 ? `${MT.yuan}${v}` : MT.negotiable);

function Gallery({ images, alt }: { images: string[]; alt: string }) {
  const [at, setAt] = useState(0);
  const current = images[Math.min(at, images.length - 1)];
  return (
    <div>
      <div className={css.main}>{current && <img src={current} alt={alt} data-testid="device-image" />}</div>
      {images.length > 1 && (
        <div className={css.thumbs}>
          {images.map((src, i) => (
            <button
              key={src + i}
              type="button"
              className={i === at ? css.thumbOn : css.thumb}
              onClick={() => setAt(i)}
              aria-label={fmtText(MT.photoOf, { n: i + 1 })}
            >
              <img src={src} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** /site/device/:id: a public listing with its photos, rents, specs, owner, favourite, report and 在线询价. */
export default function DevicePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['site', 'device', id],
    queryFn: () => api.get<TMarketDevice>(`/site/device/${id}`, undefined, { noCompany: true, quiet: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: (n, e) => !(e instanceof ApiError && e.code === 'MARKET_OFF_SHELF') && n < 2,
  });
  // the header's own check of who is looking (SiteLayout): a stranger is sent to log in before inquiring
  const me = useVisitor();
  const d = q.data;
  useEffect(() => {
    if (d) document.title = pageTitle(fmt(titles.listing, { name: d.product_name_v, model: d.model }));
  }, [d]);

  if (
    !Number.isInteger(id) ||
    id < 1 ||
    (q.isError && q.error instanceof ApiError && q.error.code === 'MARKET_OFF_SHELF')
  ) {
    return (
      <div className={css.page}>
        <StateView
          kind="empty"
          title={MT.offShelfTitle}
          sub={q.error instanceof ApiError ? q.error.msg : undefined}
          extra={
            <Link to="/site/market">
              <Button type="primary">{MT.backToMarket}</Button>
            </Link>
          }
        />
      </div>
    );
  }
  if (q.isPending) return <LoadingBlock />;
  if (q.isError || !d)
    return (
      <StateView
        kind="error"
        title={MT.loadFailed}
        sub={q.error instanceof ApiError ? q.error.msg : undefined}
        extra={<Button onClick={() => q.refetch()}>{MT.retry}</Button>}
      />
    );

  const inquire = `/talk/post/${d.id}`;
  const region = [d.province_v, d.city_v, d.area_v].filter(Boolean).join(' ');
  return (
    <div className={css.page}>
      <nav className={css.crumbs} aria-label="breadcrumb">
        <Link to="/site">{MT.home}</Link> / <Link to="/site/market">{MT.title}</Link> /{' '}
        <Link to={`/site/market?category=${d.category_id}`}>{d.category_v}</Link> / <span>{d.product_name_v}</span>
      </nav>
      <div className={css.top}>
        <Gallery images={d.images.length ? d.images : [d.cover]} alt={d.product_name_v} />
        <div>
          <h1 className={css.h1}>
            {d.product_name_v} {d.model}
          </h1>
          <div className={css.sub}>
            {d.category_v} · {d.group_v}
            {isRentedOut(d) ? ` · ${MT.rentedOut}` : ''}
          </div>
          <div className={css.rents}>
            <div className={css.rent}>
              <span className={css.rentLabel}>{MT.monthly}</span>
              <span className={css.rentValue}>{money(d.monthly_rent, d.monthly_rent_v)}</span>
            </div>
            <div className={css.rent}>
              <span className={css.rentLabel}>{MT.shift}</span>
              <span className={css.rentValue}>{money(d.rent_rent, d.rent_rent_v)}</span>
            </div>
            <div className={css.rent}>
              <span className={css.rentLabel}>{MT.hourly}</span>
              <span className={css.rentValue}>{money(d.hourly_rent, d.hourly_rent_v)}</span>
            </div>
          </div>
          <dl className={css.facts}>
            <dt>{MT.brand}</dt>
            <dd>{d.brand || '-'}</dd>
            <dt>{MT.model}</dt>
            <dd>{d.model}</dd>
            <dt>{MT.playingTime}</dt>
            <dd>{d.playing_time}</dd>
            <dt>{MT.workingHours}</dt>
            <dd>{fmtText(MT.hours, { n: d.working_hours })}</dd>
            <dt>{MT.location}</dt>
            <dd>
              {region} {d.address}
            </dd>
          </dl>
          <Suspense fallback={null}>
            <MapView lng={d.lng} lat={d.lat} />
          </Suspense>
          <div className={css.actions}>
            <Button
              type="primary"
              size="large"
              onClick={() => navigate(me.data ? inquire : `/login?redirect=${encodeURIComponent(inquire)}`)}
            >
              {MT.inquire}
            </Button>
            <FavoriteButton type={0} targetId={d.id} />
            <ReportButton type={0} targetId={d.id} />
          </div>
          <div className={`${css.sub} ${css.approved}`}>{fmtText(MT.approvedAt, { d: d.approved_at })}</div>
        </div>
      </div>

      <section className={css.section}>
        <h2 className={css.h2}>{MT.specs}</h2>
        {d.params.length || d.attribute ? (
          <table className={css.specs} data-testid="device-specs">
            <tbody>
              {d.params.map((p) => (
                <tr key={p.name}>
                  <th scope="row">{p.name}</th>
                  <td>
                    {p.value}
                    {p.unit ? ` ${p.unit}` : ''}
                  </td>
                </tr>
              ))}
              {d.attribute && (
                <tr>
                  <th scope="row">{MT.attribute}</th>
                  <td>{d.attribute.split('-').join(' / ')}</td>
                </tr>
              )}
            </tbody>
          </table>
        ) : (
          <p className={css.sub}>{MT.noSpecs}</p>
        )}
      </section>

      <section className={css.section}>
        <h2 className={css.h2}>{MT.explain}</h2>
        <p className={css.explain}>{d.explain || MT.noExplain}</p>
      </section>

      <section className={css.section}>
        <h2 className={css.h2}>{MT.owner}</h2>
        <div className={css.owner}>
          <strong>{d.company_name}</strong>
          {d.shop && (
            <Link to={d.shop.href}>
              <Button icon={<ShopOutlined />}>{MT.enterShop}</Button>
            </Link>
          )}
        </div>
        <ShopReviews companyId={d.company_id} latest={false} />
      </section>
    </div>
  );
}
