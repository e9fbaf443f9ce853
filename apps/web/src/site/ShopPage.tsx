import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TListingCard } from '@jizu/shared/schemas/equipment';
import type { TPublicShop } from '@jizu/shared/schemas/shop';
import { api } from '../api/client';
import FavoriteButton from '../features/favorite/FavoriteButton';
import ReportButton from '../features/report/ReportButton';
import { ST } from '../texts/shop';
import { RVT } from '../texts/review';
import { ShopReviews } from '../features/review/ShopReviews';
import { LoadingBlock } from '../ui/QueryState';
import { StateView } from '../ui/StateView';
import css from './ShopPage.module.css';

function Devices({ list }: { list: TListingCard[] }) {
  if (!list.length) return <p className={css.empty}>{ST.noDevices}</p>;
  return (
    <div className={css.grid}>
      {list.map((d) => (
        <Link key={d.id} to={d.href} className={css.card} data-testid="shop-device">
          <img src={d.cover} alt={`${d.product_name_v} ${d.model}`} loading="lazy" />
          <div className={css.cardBody}>
            <strong>
              {d.product_name_v} {d.model}
            </strong>
            <span className={css.muted}>
              {d.brand} · {d.province_v}
              {d.city_v}
            </span>
            <span className={css.price}>
              {d.monthly_rent_v}
              {ST.perMonth}
            </span>
          </div>
        </Link>
      ))}
    </div>
  );
}

function Shop({ s }: { s: TPublicShop }) {
  const facts: [string, string | number][] = [
    [ST.category, s.company_category_v],
    [ST.business, s.main_business_v],
    [ST.product, s.main_product],
    [ST.area, s.service_area],
    [ST.founded, s.create_time],
    [ST.employees, s.employee_number_v],
  ];
  return (
    <div className={css.wrap}>
      {s.shop_cover ? (
        <img className={css.cover} src={s.shop_cover} alt={s.shop_name} />
      ) : (
        <div className={css.coverBlank} />
      )}
      <div className={css.head}>
        <img className={css.logo} src={s.logo} alt={s.shop_name} />
        <div className={css.title}>
          <h1>{s.shop_name}</h1>
          <div className={css.tags}>
            {s.main_business_v.split('、').map((b) => (
              <span key={b} className={css.tag}>
                {b}
              </span>
            ))}
            <span>{s.service_area}</span>
          </div>
        </div>
        <div className={css.actions}>
          <FavoriteButton type={1} targetId={s.id} />
          <ReportButton type={1} targetId={s.id} />
        </div>
      </div>
      <section className={css.section}>
        <h2>{ST.intro}</h2>
        <div className={css.facts}>
          {facts.map(([k, v]) => (
            <div key={k}>
              <span>{k}</span>
              {v}
            </div>
          ))}
        </div>
        <p className={css.desc}>{s.company_desc}</p>
      </section>
      {s.hot.length > 0 && (
        <section className={css.section}>
          <h2>{ST.hotTitle}</h2>
          <Devices list={s.hot} />
        </section>
      )}
      <section className={css.section} data-testid="shop-reviews-section">
        <h2>{RVT.shopTitle}</h2>
        <ShopReviews companyId={s.company_id} />
      </section>
      <section className={css.section}>
        <h2>{ST.devicesTitle}</h2>
        <Devices list={s.equipment} />
      </section>
      {s.cases.length > 0 && (
        <section className={css.section}>
          <h2>{ST.casesTitle}</h2>
          <div className={css.cases}>
            {s.cases.map((c) => (
              <article key={c.id} className={css.case} data-testid="shop-case">
                <img src={c.cover} alt={c.title} loading="lazy" />
                <div>
                  <strong>{c.title}</strong> <span className={css.muted}>{c.create_time}</span>
                  <p>{c.content}</p>
                </div>
              </article>
            ))}
          </div>
        </section>
      )}
      {s.honours.length > 0 && (
        <section className={css.section}>
          <h2>{ST.honoursTitle}</h2>
          <div className={css.honours}>
            {s.honours.map((h) => (
              <figure key={h.id} className={css.honour}>
                <img src={h.img} alt={h.name} loading="lazy" />
                <figcaption>{h.name}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

/** The public shop page (shop_href, /site/shop/:id): the shop, its public listings, cases and honours. */
export default function ShopPage() {
  const id = Number(useParams().id);
  const q = useQuery({
    queryKey: ['site', 'shop', id],
    queryFn: () => api.get<TPublicShop>(`/site/shop/${id}`, undefined, { noCompany: true, quiet: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  if (q.isPending && q.fetchStatus !== 'idle') return <LoadingBlock />;
  if (!q.data) {
    return (
      <StateView
        kind="error"
        title={ST.notFound}
        extra={
          <Link to="/site">
            <Button type="primary">{ST.backMarket}</Button>
          </Link>
        }
      />
    );
  }
  return <Shop s={q.data} />;
}
