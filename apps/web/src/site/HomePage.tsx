import { Button } from 'antd';
import { AuditOutlined, CustomerServiceOutlined, FileProtectOutlined, SafetyOutlined, ToolOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/client';
import type { TEquipmentType } from '../api/types';
import * as TxSite from '../texts/site';
import { useIsMobile } from '../app/useIsMobile';
import css from './HomePage.module.css';
import { MT } from '../texts/market';
import { palette, token } from '../app/theme';

// Plain elements and a CSS module rather than antd's Card (which brings Tabs), Row/Col, Skeleton, Typography and
// Input (which brings rc-input): the public site's first load stays within its budget (bench/bundle.ts).

const VALUE_ICONS = [<SafetyOutlined key="a" />, <AuditOutlined key="b" />, <FileProtectOutlined key="c" />, <CustomerServiceOutlined key="d" />];
const TILE_COLORS = [palette.tileBlue, token.cyan1, token.orange1, token.purple1, token.red1, token.green1];

function Categories() {
  const q = useQuery({
    queryKey: ['site', 'etype'],
    queryFn: () => api.get<TEquipmentType[]>('/v1/etype', undefined, { noCompany: true, quiet: true }),
    staleTime: 600_000,
  });
  if (q.isPending) {
    return (
      <div className={css.tiles} aria-busy>
        {TILE_COLORS.map((c) => (
          <div key={c} className={css.placeholder} />
        ))}
      </div>
    );
  }
  const types = q.data ?? [];
  if (types.length === 0) return <p className={css.empty}>{TxSite.site.categoriesEmpty}</p>;
  return (
    <div className={css.tiles}>
      {types.slice(0, 12).map((t, i) => (
        <Link key={t.id} to={`/site/market?category=${t.id}`} className={css.tile} style={{ background: TILE_COLORS[i % TILE_COLORS.length] }}>
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
  const search = (text: string) => navigate(text.trim() ? `/site/market?kw=${encodeURIComponent(text.trim())}` : '/site/market');
  return (
    <>
      <section style={{ background: `linear-gradient(120deg,${palette.brandDeep} 0%,${token.colorPrimary} 60%,${palette.accent} 100%)`, color: token.colorWhite, padding: mobile ? '40px 16px' : '80px 16px' }}>
        <div style={{ maxWidth: 880, margin: '0 auto', textAlign: 'center' }}>
          <h1 style={{ fontSize: mobile ? 26 : 40, margin: 0, fontWeight: 700, letterSpacing: 1 }}>{TxSite.site.heroTitle}</h1>
          <p style={{ fontSize: mobile ? 14 : 17, opacity: 0.9, margin: '14px 0 28px' }}>{TxSite.site.heroSub}</p>
          <form
            role="search"
            className={css.search}
            onSubmit={(e) => {
              e.preventDefault();
              search(String(new FormData(e.currentTarget).get('kw') ?? ''));
            }}
          >
            <input className={css.searchInput} type="search" name="kw" placeholder={MT.searchPlaceholder} aria-label={MT.searchPlaceholder} />
            <Button className={css.searchButton} type="primary" size="large" htmlType="submit">
              {TxSite.site.search}
            </Button>
          </form>
        </div>
      </section>
      <section style={{ maxWidth: 1200, margin: '0 auto', padding: mobile ? '28px 16px' : '48px 16px' }}>
        <h3 className={css.title}>{TxSite.site.categories}</h3>
        <Categories />
      </section>
      <section style={{ background: palette.bgSoft, padding: mobile ? '28px 16px' : '48px 16px' }}>
        <div style={{ maxWidth: 1200, margin: '0 auto' }}>
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
