import { Button } from 'antd';
import { AppstoreOutlined, ProjectOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { biddingUi as T } from '@jizu/shared/messages/bidding';
import { PageCard } from '../../ui/PageCard';

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
          <div key={k.to} style={{ border: '1px solid #e5e6eb', borderRadius: 8, padding: 24, display: 'flex', flexDirection: 'column', gap: 12 }}>
            <div style={{ fontSize: 32, color: '#1f6feb' }}>{k.icon}</div>
            <div style={{ fontSize: 18, fontWeight: 600 }}>{k.title}</div>
            <div style={{ color: 'rgba(0,0,0,.55)', minHeight: 44 }}>{k.desc}</div>
            <Button type="primary" onClick={() => navigate(k.to)}>
              {T.typeGo}
            </Button>
          </div>
        ))}
      </div>
    </PageCard>
  );
}
