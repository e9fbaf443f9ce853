import { Image, Tag } from 'antd';
import { EnvironmentOutlined, EyeOutlined, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TJobCardRow } from '@jizu/shared/schemas/jobcard';
import { JT } from './jobcardUi';
import css from './JobCard.module.css';
import cm from '../../ui/common.module.css';

type TBody = Pick<
  TJobCardRow,
  'resume_category_v' | 'resume_driving_age_v' | 'region_v' | 'address' | 'content' | 'cert' | 'experience'
>;

/** The categories as tags and the driving age: a card's headline. */
export function CardHead({
  card,
  children,
}: {
  card: Pick<TJobCardRow, 'resume_category_v' | 'resume_driving_age_v'>;
  children?: ReactNode;
}) {
  return (
    <div className={css.top}>
      {card.resume_category_v.split('、').map((c) => (
        <Tag key={c} color="blue" className={css.tag}>
          {c}
        </Tag>
      ))}
      <span className={css.meta}>{fmt(JT.hall.years, { age: card.resume_driving_age_v })}</span>
      {children}
    </div>
  );
}

/** Browses, comments and likes. */
export function Counters({ card }: { card: Pick<TJobCardRow, 'browse_num' | 'comment_num' | 'like_num'> }) {
  return (
    <span className={css.counters} data-testid="card-counters">
      <span title={JT.browse}>
        <EyeOutlined /> {JT.browse} {card.browse_num}
      </span>
      <span title={JT.comment}>
        <MessageOutlined /> {JT.comment} {card.comment_num}
      </span>
      <span title={JT.like}>
        <LikeOutlined /> {JT.like} {card.like_num}
      </span>
    </span>
  );
}

/** What a card says: region and address, the text, the certificates and the work experiences with their photos. */
export function CardBody({ card, empty }: { card: TBody; empty?: { cert?: ReactNode; exp?: ReactNode } }) {
  return (
    <>
      <div className={css.meta}>
        <EnvironmentOutlined /> {`${card.region_v} ${card.address}`}
      </div>
      <p className={css.content}>{card.content}</p>
      <div className={css.section}>
        <div className={css.sectionTitle}>{JT.certs}</div>
        {card.cert.length ? (
          <div className={css.gallery}>
            {card.cert.map((c, i) => (
              <figure key={i} className={css.figure}>
                <Image src={c.img} alt={c.name} width="100%" height={92} className={css.cover} />
                <figcaption>{c.name}</figcaption>
              </figure>
            ))}
          </div>
        ) : (
          <div className={css.meta}>{empty?.cert ?? JT.noCert}</div>
        )}
      </div>
      <div className={css.section}>
        <div className={css.sectionTitle}>{JT.exps}</div>
        {card.experience.length ? (
          <div>
            {card.experience.map((e, i) => (
              <div key={i} className={css.exp}>
                <Image src={e.img} alt={e.name} width={96} height={68} className={css.thumb} />
                <div>
                  <div className={cm.medium}>{e.name}</div>
                  <div className={css.meta}>
                    <EnvironmentOutlined /> {e.address}
                  </div>
                </div>
              </div>
            ))}
          </div>
        ) : (
          <div className={css.meta}>{empty?.exp ?? JT.noExp}</div>
        )}
      </div>
    </>
  );
}
