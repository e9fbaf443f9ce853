import { Rate } from 'antd';
import { fmt } from '@jizu/shared/messages/fmt';
import ReportButton from '../report/ReportButton';
import { RVT } from '../../texts/review';
import cm from '../../ui/common.module.css';
import { useShopReviews } from './reviewApi';
import { ReviewView } from './ReviewView';
import s from './review.module.css';

/**
 * A provider's published reviews on its shop and listing pages: the overall average, each criterion's, the count and
 * the latest texts (each may be reported to the platform's report queue).
 */
export function ShopReviews({ companyId, latest = true }: { companyId: number; latest?: boolean }) {
  const d = useShopReviews(companyId).data;
  if (!d) return null;
  if (!d.count) return <p className={cm.tertiary}>{RVT.shopEmpty}</p>;
  return (
    <div data-testid="shop-reviews">
      <div className={s.summary}>
        <div>
          <div className={s.overall} data-testid="shop-overall">
            {d.overall.toFixed(1)}
          </div>
          <div className={cm.tertiary}>{fmt(RVT.count, { n: d.count })}</div>
        </div>
        <div className={s.criteria}>
          {d.scores.map((c) => (
            <span key={c.key} className={s.score} data-testid="shop-criterion">
              <span>{c.label}</span>
              <Rate disabled allowHalf value={Math.round(c.score * 2) / 2} className={s.rateSmall} />
              <span>{c.score.toFixed(1)}</span>
            </span>
          ))}
        </div>
      </div>
      {latest && d.latest.length > 0 && (
        <div className={s.block}>
          {d.latest.map((r) => (
            <ReviewView key={r.id} r={r} extra={<ReportButton type={2} targetId={r.id} />} />
          ))}
        </div>
      )}
    </div>
  );
}
