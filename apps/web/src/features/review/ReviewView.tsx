import { Rate } from 'antd';
import type { TReviewView } from '@jizu/shared/schemas/review';
import { RVT } from '../../texts/review';
import cm from '../../ui/common.module.css';
import s from './review.module.css';

/** One review: its author and time, each criterion's stars, its text. */
export function ReviewView({ r, title, extra }: { r: TReviewView; title?: string; extra?: React.ReactNode }) {
  return (
    <div className={s.review} data-testid="review-view">
      <div className={s.reviewHead}>
        <strong>{title ?? r.author}</strong>
        <span className={cm.tertiary}>
          {r.create_time}
          {extra}
        </span>
      </div>
      <div className={s.scores}>
        {r.scores.map((c) => (
          <span key={c.key} className={s.score}>
            <span>{c.label}</span>
            <Rate disabled value={c.score} className={s.rateSmall} />
          </span>
        ))}
      </div>
      <p className={r.content ? s.content : `${s.content} ${cm.tertiary}`}>{r.content || RVT.noText}</p>
    </div>
  );
}
