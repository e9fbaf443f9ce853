import { Card, Col, Input, Row, Skeleton, Typography } from 'antd';
import { AuditOutlined, CustomerServiceOutlined, FileProtectOutlined, SafetyOutlined, ToolOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import type { TEquipmentType } from '../api/types';
import { T } from '../app/texts';
import { toast } from '../app/toast';
import { useIsMobile } from '../app/useIsMobile';

const VALUE_ICONS = [<SafetyOutlined key="a" />, <AuditOutlined key="b" />, <FileProtectOutlined key="c" />, <CustomerServiceOutlined key="d" />];
const TILE_COLORS = ['#e8f1ff', '#e6fffb', '#fff7e6', '#f9f0ff', '#fff1f0', '#f6ffed'];

function Categories() {
  const q = useQuery({
    queryKey: ['site', 'etype'],
    queryFn: () => api.get<TEquipmentType[]>('/v1/etype', undefined, { noCompany: true, quiet: true }),
    staleTime: 600_000,
  });
  if (q.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const types = q.data ?? [];
  if (types.length === 0) return <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>{T.site.categoriesEmpty}</Typography.Paragraph>;
  return (
    <Row gutter={[16, 16]}>
      {types.slice(0, 12).map((t, i) => (
        <Col key={t.id} xs={12} sm={8} md={6} lg={4}>
          <Card hoverable variant="borderless" style={{ background: TILE_COLORS[i % TILE_COLORS.length], textAlign: 'center' }} styles={{ body: { padding: '20px 8px' } }}>
            <ToolOutlined style={{ fontSize: 30, color: '#1f6feb' }} />
            <div style={{ marginTop: 10, fontWeight: 500 }}>{t.name}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The public home page: hero with search, equipment categories and why jizu. */
export default function HomePage() {
  const mobile = useIsMobile();
  return (
    <>
      <section style={{ background: 'linear-gradient(120deg,#0b3d91 0%,#1f6feb 60%,#0fb5ae 100%)', color: '#fff', padding: mobile ? '40px 16px' : '80px 16px' }}>
        <div style={{ maxWidth: 880, margin: '0 auto', textAlign: 'center' }}>
          <h1 style={{ fontSize: mobile ? 26 : 40, margin: 0, fontWeight: 700, letterSpacing: 1 }}>{T.site.heroTitle}</h1>
          <p style={{ fontSize: mobile ? 14 : 17, opacity: 0.9, margin: '14px 0 28px' }}>{T.site.heroSub}</p>
          <Input.Search
            size="large"
            placeholder={T.site.searchPlaceholder}
            enterButton={T.site.search}
            onSearch={() => toast.info(`${T.site.nav.market}${T.site.soon}`)}
            style={{ maxWidth: 640 }}
          />
        </div>
      </section>
      <section style={{ maxWidth: 1200, margin: '0 auto', padding: mobile ? '28px 16px' : '48px 16px' }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 28 }}>
          {T.site.categories}
        </Typography.Title>
        <Categories />
      </section>
      <section style={{ background: '#f7f9fc', padding: mobile ? '28px 16px' : '48px 16px' }}>
        <div style={{ maxWidth: 1200, margin: '0 auto' }}>
          <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 28 }}>
            {T.site.why}
          </Typography.Title>
          <Row gutter={[20, 20]}>
            {T.site.values.map((v, i) => (
              <Col key={v.title} xs={24} sm={12} lg={6}>
                <Card variant="borderless" style={{ height: '100%' }}>
                  <div style={{ fontSize: 28, color: '#1f6feb' }}>{VALUE_ICONS[i]}</div>
                  <Typography.Title level={5} style={{ margin: '12px 0 6px' }}>
                    {v.title}
                  </Typography.Title>
                  <Typography.Text type="secondary">{v.text}</Typography.Text>
                </Card>
              </Col>
            ))}
          </Row>
        </div>
      </section>
    </>
  );
}
