import { Button } from 'antd';
import { AppstoreOutlined, ProjectOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { biddingUi as T } from '../../texts/bidding';
import { PageCard } from '../../ui/PageCard';
import cm from '../../ui/common.module.css';
import s from './bidding.module.css';

/** /rent/type: itemised or comprehensive bidding. */
export default function TypePage() {
  const navigate = useNavigate();
  const kinds = [
    { to: '/rent/public', icon: <AppstoreOutlined />, title: T.typeItemised, desc: T.typeItemisedDesc },
    { to: '/rent/total', icon: <ProjectOutlined />, title: T.typeTotal, desc: T.typeTotalDesc },
  ];
  return (
    <PageCard title={T.typeTitle}>
      <div className={s.kinds}>
        {kinds.map((k) => (
          <div key={k.to} className={s.kind}>
            <div className={s.kindIcon}>{k.icon}</div>
            <div className={cm.title18}>{k.title}</div>
            <div className={s.kindDesc}>{k.desc}</div>
            <Button type="primary" onClick={() => navigate(k.to)}>
              {T.typeGo}
            </Button>
          </div>
        ))}
      </div>
    </PageCard>
  );
}
