import { Button } from 'antd';
import {
  AuditOutlined,
  CustomerServiceOutlined,
  FileProtectOutlined,
  SafetyOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/client';
import type { TEquipmentType } from '../api/types';
import * as TxSite from '../texts/site';
import { useIsMobile } from '../app/useIsMobile';
import css from './HomePage.module.css';
import { MT } from '../texts/market';

// Plain elements and a CSS module rather than antd's Card (which brings Tabs), Row/Col, Skeleton, Typography and
// Input (which brings rc-input): the public site's first load stays within its budget (bench/bundle.ts).

const VALUE_ICONS = [
  <SafetyOutlined key="a" />,
  <AuditOutlined key="b" />,
  <FileProtectOutlined key="c" />,
  <CustomerServiceOutlined key="d" />,
];
/** the placeholders while the categories load; the tiles' six colours take turns (HomePage.module.css .tile) */
const PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e', 'f'];

function Categories() {
  const q = useQuery({
    queryKey: ['site', 'etype'],
    queryFn: () => api.get<TEquipmentType[]>('/v1/etype', undefined, { noCompany: true, quiet: true }),
    staleTime: 600_000,
  });
  if (q.isPending) {
    return (
      <div className={css.tiles} aria-busy>
        {PLACEHOLDERS.map((c) => (
          <div key={c} className={css.placeholder} />
        ))}
      </div>
    );
  }
  const types = q.data ?? [];
  if (types.length === 0) return <p className={css.empty}>{TxSite.site.categoriesEmpty}</p>;
  return (
    <div className={css.tiles}>
      {types.slice(0, 12).map((t) => (
        <Link key={t.id} to={`/site/market?category=${t.id}`} className={css.tile}>
          <ToolOutlined className={css.tileIcon} />
          <div className={css.tileName}>{t.name}</div>
        </Link>
      ))}
    </div>
  );
}

/** The public home page: hero with search, equipment categories and why jizu. */
export default function HomePage() {
  const mobile = useIsMobile();
  const navigate = useNavigate();
  // the box's own value when it is sent (not a copy in state): what was typed is what is searched, however early
  const search = (text: string) =>
    navigate(text.trim() ? `/site/market?kw=${encodeURIComponent(text.trim())}` : '/site/market');
  return (
    <>
      <section className={mobile ? `${css.hero} ${css.mobile}` : css.hero}>
        <div className={css.heroInner}>
          <h1 className={css.heroTitle}>{TxSite.site.heroTitle}</h1>
          <p className={css.heroSub}>{TxSite.site.heroSub}</p>
          <form
            role="search"
            className={css.search}
            onSubmit={(e) => {
              e.preventDefault();
              search(String(new FormData(e.currentTarget).get('kw') ?? ''));
            }}
          >
            <input
              className={css.searchInput}
              type="search"
              name="kw"
              placeholder={MT.searchPlaceholder}
              aria-label={MT.searchPlaceholder}
            />
            <Button className={css.searchButton} type="primary" size="large" htmlType="submit">
              {TxSite.site.search}
            </Button>
          </form>
        </div>
      </section>
      <section className={mobile ? `${css.band} ${css.mobile}` : css.band}>
        <h3 className={css.title}>{TxSite.site.categories}</h3>
        <Categories />
      </section>
      <section className={mobile ? `${css.bandSoft} ${css.mobile}` : css.bandSoft}>
        <div className={css.bandInner}>
          <h3 className={css.title}>{TxSite.site.why}</h3>
          <div className={css.values}>
            {TxSite.site.values.map((v, i) => (
              <div key={v.title} className={css.value}>
                <div className={css.valueIcon}>{VALUE_ICONS[i]}</div>
                <h5 className={css.valueTitle}>{v.title}</h5>
                <span className={css.valueText}>{v.text}</span>
              </div>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
