import type { ReactNode } from 'react';
import { Alert, Descriptions, Image } from 'antd';
import { fmt } from '@jizu/shared/messages/fmt';
import * as TxAccount from '../../texts/account';
import * as TxVerify from '../../texts/verify';
import { useIsMobile } from '../../app/useIsMobile';
import { StatusTag } from '../../ui/StatusTag';
import { isVerified, isVerifyPending } from '@jizu/shared/constants/verify';
import s from './verify.module.css';

/** A submission as the user sees it while in review or once verified: status banner, then the data and images. */
export function VerifyResult({
  status,
  statusText,
  items,
  images,
  createTime,
  auditTime,
}: {
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
      {isVerifyPending({ status }) && (
        <Alert
          type="info"
          showIcon
          title={TxVerify.verify.pending}
          description={TxVerify.verify.pendingHint}
          className={s.notice}
        />
      )}
      {isVerified({ status }) && <Alert type="success" showIcon title={TxVerify.verify.passed} className={s.notice} />}
      <Descriptions
        bordered
        size="middle"
        column={mobile ? 1 : 2}
        layout={mobile ? 'vertical' : 'horizontal'}
        className={s.result}
        classNames={{ label: mobile ? undefined : s.label, content: s.content }}
      >
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
      <div className={s.images}>
        {/* a document whose address the server withheld (a member without the company-information grant) is left out */}
        {images
          .filter(([, src]) => src)
          .map(([label, src]) => (
            <figure key={label} className={s.figure}>
              <Image src={src} alt={label} width={200} height={126} className={s.image} />
              <figcaption className={s.caption}>{label}</figcaption>
            </figure>
          ))}
      </div>
    </>
  );
}

export function RejectedAlert({ reason }: { reason: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={TxVerify.verify.failed}
      description={fmt(TxAccount.verifyNote.reason, { reason })}
      className={s.notice}
    />
  );
}
