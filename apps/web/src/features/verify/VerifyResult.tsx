import type { ReactNode } from 'react';
import { Alert, Descriptions, Image } from 'antd';
import { fmt } from '@jizu/shared/messages/fmt';
import * as TxAccount from '../../texts/account';
import * as TxVerify from '../../texts/verify';
import { useIsMobile } from '../../app/useIsMobile';
import { StatusTag } from '../../ui/StatusTag';
import { token } from '../../app/theme';
import { isVerified, isVerifyPending } from '@jizu/shared/constants/verify';

/** A submission as the user sees it while in review or once verified: status banner, then the data and images. */
export function VerifyResult({ status, statusText, items, images, createTime, auditTime }: {
  status: number;
  statusText: string;
  items: [string, ReactNode][];
  images: [string, string][];
  createTime: string;
  auditTime: string;
}) {
  const mobile = useIsMobile();
  return (
    <>
      {isVerifyPending({ status }) && <Alert type="info" showIcon title={TxVerify.verify.pending} description={TxVerify.verify.pendingHint} style={{ marginBottom: 16 }} />}
      {isVerified({ status }) && <Alert type="success" showIcon title={TxVerify.verify.passed} style={{ marginBottom: 16 }} />}
      <Descriptions bordered size="middle" column={mobile ? 1 : 2} layout={mobile ? 'vertical' : 'horizontal'} styles={{ label: mobile ? {} : { width: 150, whiteSpace: 'nowrap' }, content: { wordBreak: 'break-all' } }}>
        <Descriptions.Item label={TxVerify.verify.status}>
          <StatusTag status={status} text={statusText} />
        </Descriptions.Item>
        {items.map(([k, v]) => (
          <Descriptions.Item key={k} label={k}>
            {v}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={TxVerify.verify.submittedAt} span={auditTime ? 1 : 'filled'}>
          {createTime || '—'}
        </Descriptions.Item>
        {auditTime ? (
          <Descriptions.Item label={TxVerify.verify.auditAt} span="filled">
            {auditTime}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', marginTop: 16 }}>
        {/* a document whose address the server withheld (a member without the company-information grant) is left out */}
        {images.filter(([, src]) => src).map(([label, src]) => (
          <figure key={label} style={{ margin: 0 }}>
            <Image src={src} alt={label} width={200} height={126} style={{ objectFit: 'cover', borderRadius: 6, border: `1px solid ${token.colorBorderSecondary}` }} />
            <figcaption style={{ color: token.colorTextTertiary, fontSize: 12, marginTop: 4 }}>{label}</figcaption>
          </figure>
        ))}
      </div>
    </>
  );
}

export function RejectedAlert({ reason }: { reason: string }) {
  return <Alert type="error" showIcon title={TxVerify.verify.failed} description={fmt(TxAccount.verifyNote.reason, { reason })} style={{ marginBottom: 16 }} />;
}
