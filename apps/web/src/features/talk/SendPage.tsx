import { Button } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { INQUIRY_TO } from '@jizu/shared/constants/talk';
import { SITE } from '@jizu/shared/constants/site';
import { PageCard } from '../../ui/PageCard';
import { StateView } from '../../ui/StateView';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { InquiryList } from './InquiryList';
import { TT } from '../../texts/talk';
import s from './talk.module.css';

/** 发出的询价 (menu 212): tabs 自选直租 / 路桥套餐 (?to_type=0 opens the second). */
export default function SendPage() {
  const { params, update } = useUrlQuery();
  const toType = params.get('to_type') === '0' ? INQUIRY_TO.platform : INQUIRY_TO.company;
  const pkg = toType === INQUIRY_TO.platform;
  const empty = (
    <StateView
      icon={<SendOutlined className={s.emptyIcon} />}
      title={TT.emptySend}
      extra={
        pkg ? (
          <Link to="/talk/suit">
            <Button type="primary">{TT.toSuit}</Button>
          </Link>
        ) : (
          <a href={SITE.market}>
            <Button type="primary">{TT.toMarket}</Button>
          </a>
        )
      }
    />
  );
  return (
    <PageCard title={TT.sendTitle}>
      <TabBar
        items={[
          { key: 'direct', label: TT.tabs.direct },
          { key: 'suit', label: TT.tabs.suit },
        ]}
        active={pkg ? 'suit' : 'direct'}
        onChange={(k) => update({ to_type: k === 'suit' ? 0 : undefined, page: undefined, status: undefined })}
      />
      <div className={s.tabsGap} />
      <InquiryList key={toType} path="/ep/enquiry" params={{ to_type: toType }} mode="send" empty={empty} />
    </PageCard>
  );
}
