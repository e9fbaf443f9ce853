import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Progress, Upload } from 'antd';
import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { CONTRACT_LIMITS } from '@jizu/shared/constants/contract';
import { fmt } from '@jizu/shared/messages/fmt';
import { contractExtra, contractUi as T } from '../texts/contract';
import type { TVerifyResult } from '@jizu/shared/schemas/contract';
import { checkImageFile } from '../ui/ImageUpload';
import { toast } from '../app/toast';
import { upload } from '../api/client';
import css from './Bidding.module.css';
import cm from '../ui/common.module.css';
import s from './ContractVerifyPage.module.css';
import { pageTitle } from '../texts/site';

/**
 * /site/verify — 合同验真: anyone may upload a PDF and learn whether it is a contract signed on the platform and
 * unchanged since (its SHA-256 is a recorded signed file), with its parties and signing time.
 */
export default function ContractVerifyPage() {
  const [pct, setPct] = useState<number | null>(null);
  const [result, setResult] = useState<(TVerifyResult & { file: string }) | null>(null);
  useEffect(() => {
    document.title = pageTitle(T.verifyTitle);
  }, []);
  const pick = async (file: File) => {
    const bad = checkImageFile('contract', file);
    if (bad) {
      toast.error(bad);
      return;
    }
    setPct(0);
    setResult(null);
    try {
      const r = await upload<TVerifyResult>('/site/verify', file, setPct, { noCompany: true, field: 'file' });
      setResult({ ...r, file: file.name });
    } finally {
      setPct(null);
    }
  };
  const c = result?.contract;
  return (
    <div className={css.page}>
      <div className={css.panel}>
        <h1 className={s.title}>
          <SafetyCertificateOutlined className={s.icon} /> {T.verifyTitle}
        </h1>
        <p className={cm.muted}>{T.verifyIntro}</p>
        <Upload accept=".pdf" showUploadList={false} beforeUpload={(f) => (void pick(f), false)}>
          <Button type="primary" icon={<UploadOutlined />} loading={pct !== null}>
            {T.verifyPick}
          </Button>
        </Upload>
        <span className={s.limit}>{fmt(contractExtra.pdfLimit, { mb: CONTRACT_LIMITS.pdfMaxMb })}</span>
        {pct !== null && <Progress percent={pct} size="small" className={s.progress} />}
        {result && (
          <div data-testid="verify-result" className={cm.mt16}>
            <Alert type={result.valid ? 'success' : 'error'} showIcon title={result.msg} description={result.file} />
            <Descriptions size="small" column={1} className={s.facts} bordered>
              {c && (
                <>
                  <Descriptions.Item label={T.sn}>{c.sn}</Descriptions.Item>
                  <Descriptions.Item label={T.name}>{c.name}</Descriptions.Item>
                  <Descriptions.Item label={T.date}>{c.date}</Descriptions.Item>
                  <Descriptions.Item label={T.verifyParties}>
                    <div>
                      {contractExtra.partyA}
                      {c.tenant_name}
                    </div>
                    <div>
                      {contractExtra.partyB}
                      {c.lessor_name}
                    </div>
                    <div>
                      {contractExtra.partyC}
                      {c.provider_name}
                    </div>
                  </Descriptions.Item>
                  <Descriptions.Item label={T.verifySignedAt}>{`${c.signed_at}（${c.signer}）`}</Descriptions.Item>
                </>
              )}
              <Descriptions.Item label={T.verifyHash}>
                <code className={s.hash}>{result.sha256}</code>
              </Descriptions.Item>
            </Descriptions>
          </div>
        )}
      </div>
    </div>
  );
}
