import { Collapse } from 'antd';
import { Link } from 'react-router';
import { SITE } from '@jizu/shared/constants/site';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { HELP, HELP_LINKS } from '../../texts/operatorHelp';
import css from './operator.module.css';

/** /operator/gethelp: how the labour area works, for operators and hirers (spec/3 §2 lists the route, content ours). */
export default function HelpPage() {
  return (
    <div>
      <PageHeader
        title={HELP.title}
        sub={HELP.sub}
        extra={
          <>
            <Link to={SITE.jobs}>{HELP_LINKS.jobs}</Link>
            <Link to={SITE.hires}>{HELP_LINKS.hires}</Link>
          </>
        }
      />
      {HELP.sections.map((s) => (
        <PageCard key={s.key} title={s.title}>
          <Collapse
            ghost
            defaultActiveKey={s.key === 'start' ? ['0'] : []}
            items={s.items.map((it, i) => ({
              key: String(i),
              label: <strong>{it.q}</strong>,
              children: <p className={css.answer}>{it.a}</p>,
            }))}
          />
        </PageCard>
      ))}
      <PageCard title={HELP.contactTitle}>
        <p className={css.flush}>{HELP.contactBody}</p>
      </PageCard>
    </div>
  );
}
