import { Button } from 'antd';
import { AppstoreOutlined, ProjectOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { biddingUi as T } from '../../texts/bidding';
import { PageCard } from '../../ui/PageCard';
import { palette, token } from '../../app/theme';
import cm from '../../ui/common.module.css';

/** /rent/type: itemised or comprehensive bidding. */
export default function TypePage() {
  const navigate = useNavigate();
  const kinds = [
    { to: '/rent/public', icon: <AppstoreOutlined />, title: T.typeItemised, desc: T.typeItemisedDesc },
    { to: '/rent/total', icon: <ProjectOutlined />, title: T.typeTotal, desc: T.typeTotalDesc },
  ];
  return (
    <PageCard title={T.typeTitle}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: 16 }}>
        {kinds.map((k) => (
          <div key={k.to} style={{ border: `1px solid ${palette.lineStrong}`, borderRadius: 8, padding: 24, display: 'flex', flexDirection: 'column', gap: 12 }}>
            <div style={{ fontSize: 32, color: token.colorPrimary }}>{k.icon}</div>
            <div className={cm.title18}>{k.title}</div>
            <div style={{ color: palette.textMuted, minHeight: 44 }}>{k.desc}</div>
            <Button type="primary" onClick={() => navigate(k.to)}>
              {T.typeGo}
            </Button>
          </div>
        ))}
      </div>
    </PageCard>
  );
}
