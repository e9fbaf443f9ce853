import { StarFilled } from '@ant-design/icons';
import type { TReviewScoreCard } from '@jizu/shared/schemas/review';
import { fmt } from '@jizu/shared/messages/fmt';
import { RVT } from '../../texts/review';
import s from './review.module.css';

/**
 * A company's average beside its name where a choice is made (a quote, the comparison, an order's parties, a
 * listing): ★ 4.5 · 3条评价, each criterion's average in the tooltip; 暂无评价 without published reviews.
 */
export function ScoreBadge({ card }: { card: TReviewScoreCard | undefined }) {
  if (!card) return null;
  if (!card.count)
    return (
      <span className={s.badge} data-testid="score-badge">
        {RVT.none}
      </span>
    );
  return (
    <span
      className={s.badge}
      data-testid="score-badge"
      title={card.scores.map((c) => `${c.label} ${c.score.toFixed(1)}`).join('　')}
    >
      <StarFilled className={s.badgeStar} />
      <span className={s.badgeNum}>{card.overall.toFixed(1)}</span>
      <span>· {fmt(RVT.count, { n: card.count })}</span>
    </span>
  );
}
