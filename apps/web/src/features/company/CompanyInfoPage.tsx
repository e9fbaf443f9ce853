import { Alert, Button, Descriptions, Space } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { maskPhone } from '@jizu/shared/rules/mask';
import { api } from '../../api/client';
import type { TCompanyInfo } from '../../api/types';
import * as TxCompany from '../../texts/company';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { StateView } from '../../ui/StateView';
import { useIsMobile } from '../../app/useIsMobile';
import { VERIFY_STATUS, isVerified, isVerifyFailed, isVerifyNone } from '@jizu/shared/constants/verify';
import cs from './company.module.css';

// company register status: 0 uncertified, 1 certified, 2 failed, 3 in progress (spec/1 §4)
const MEMBER_TONES: Record<number, TTone> = { 1: 'processing', 2: 'warning' };

/** An empty company answers an empty array or a row without a name. */
const isEmptyCompany = (c: TCompanyInfo | unknown[] | null) => !c || Array.isArray(c) || !c.name;

/** The banner of a company in review or refused (else: not yet verified). */
const UNVERIFIED_TEXT: Partial<Record<number, [string, string, string]>> = {
  [VERIFY_STATUS.pending]: [TxCompany.company.pending, TxCompany.company.pendingHint, TxCompany.company.toProgress],
  [VERIFY_STATUS.failed]: [TxCompany.company.failed, TxCompany.company.failedHint, TxCompany.company.toRetry],
};

/** A company without verified register data: not yet verified, in review, or refused. */
function Unverified({ status }: { status?: number }) {
  const navigate = useNavigate();
  const [title, sub, button] = (status !== undefined && UNVERIFIED_TEXT[status]) || [
    TxCompany.company.unverified,
    TxCompany.company.unverifiedHint,
    TxCompany.company.toVerify,
  ];
  return (
    <StateView
      icon={<BankOutlined className={cs.primaryIcon} />}
      title={title}
      sub={sub}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard/company-auth')}>
          {button}
        </Button>
      }
    />
  );
}

export default function CompanyInfoPage() {
  const mobile = useIsMobile();
  const q = useQuery({
    queryKey: ['company', 'info'],
    // quiet: a 403 is shown as a page, not as a toast
    queryFn: () => api.get<TCompanyInfo | unknown[] | null>('/company/info', undefined, { quiet: true }),
  });
  return (
    <PageCard title={TxCompany.company.title}>
      <QueryState query={q} isEmpty={isEmptyCompany} empty={<Unverified />}>
        {(raw) => {
          const c = raw as TCompanyInfo;
          // a personal company has no register data until its verification passes (then it becomes an enterprise)
          if (isVerifyNone(c) || c.type !== 2) return <Unverified status={c.status} />;
          const region = [c.province_v, c.city_v, c.area_v].filter(Boolean).join(' ');
          return (
            <>
              {!isVerified(c) && (
                <Alert type={isVerifyFailed(c) ? 'error' : 'info'} showIcon title={c.status_v} className={cs.alert} />
              )}
              <Descriptions
                bordered
                size="middle"
                layout={mobile ? 'vertical' : 'horizontal'}
                classNames={{ label: mobile ? undefined : cs.label, content: cs.content }}
                column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}
                title={
                  <Space wrap>
                    <span>{c.name}</span>
                    <StatusTag status={c.status} text={c.status_v} />
                    {c.member_type_v && (
                      <StatusTag status={c.member_type} tones={MEMBER_TONES} text={c.member_type_v} />
                    )}
                  </Space>
                }
              >
                <Descriptions.Item label={TxCompany.company.type}>{c.type_v || '—'}</Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.registNo}>{c.regist_no || '—'}</Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.legal}>{c.legal || '—'}</Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.assets}>
                  {c.registered_assets !== null ? `${c.registered_assets} ${TxCompany.company.assetsUnit}` : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.foundDate}>{c.found_date || '—'}</Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.registrant}>{c.registrant || '—'}</Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.tel}>{c.tel ? maskPhone(c.tel) : '—'}</Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.region}>{region || '—'}</Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.address}>{c.address || '—'}</Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.advancedLabel}>
                  {c.super === 1 ? (
                    <StatusTag
                      tone="success"
                      text={`${TxCompany.company.advancedYes}${c.super_time ? `（${c.super_time}）` : ''}`}
                    />
                  ) : (
                    <StatusTag tone="default" text={TxCompany.company.advancedNo} />
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={TxCompany.company.updated}>{c.update_time || '—'}</Descriptions.Item>
              </Descriptions>
            </>
          );
        }}
      </QueryState>
    </PageCard>
  );
}
