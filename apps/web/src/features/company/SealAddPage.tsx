import { Button, Form, Input } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { seal as msg_seal } from '@jizu/shared/messages/seal';
import { SEAL_LIMIT, SEAL_SIZE_PX } from '@jizu/shared/constants/seal';
import { ZSealSave } from '@jizu/shared/schemas/seal';
import { api } from '../../api/client';
import * as TxCompany from '../../texts/company';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { useFormSave } from '../../ui/useFormSave';
import { sealsKey, sealsQuery } from './SealsPage';
import { ruleOf, rulesOf } from '../../ui/formRules';
import cm from '../../ui/common.module.css';
import cs from './company.module.css';

const M = { seal: msg_seal } as const;

type TSealForm = { name: string; remark?: string; image: string };

/** The browser's check of a seal image: exactly 300×300 (the server checks it again, with the transparency). */
function checkSealSize(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img.naturalWidth === SEAL_SIZE_PX && img.naturalHeight === SEAL_SIZE_PX ? null : M.seal.imagePixels);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(M.seal.imageBad);
    };
    img.src = url;
  });
}

/**
 * 添加印章: name, remark and the seal image; it goes to review (2 working days). A company that already has the
 * most seals (the list hides the add button then; this is the page opened directly) is told so instead of a form.
 */
export default function SealAddPage() {
  const q = useQuery(sealsQuery);
  const [form] = Form.useForm<TSealForm>();
  const navigate = useNavigate();
  const back = () => navigate('/company/sign');
  const save = useFormSave(
    form,
    (v: TSealForm) => api.post('/company/signet/save', { ...v, remark: v.remark ?? '' }, { quiet: true }),
    sealsKey,
    back,
    M.seal.submitted,
  );
  return (
    <PageCard title={TxCompany.seals.addTitle}>
      <QueryState query={q}>
        {(list) =>
          // once a save started, the refreshed list (now full with this seal) must not replace the form before leaving
          list.length >= SEAL_LIMIT && save.isIdle ? (
            <StateView
              icon={<ExclamationCircleFilled className={cs.warnIcon} />}
              title={M.seal.limit}
              sub={TxCompany.seals.limitHint}
              extra={
                <Button type="primary" onClick={back}>
                  {TxCompany.seals.backToList}
                </Button>
              }
            />
          ) : (
            <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} className={cs.sealForm}>
              <Form.Item name="name" label={TxCompany.seals.name} rules={rulesOf(ZSealSave, 'name')}>
                <Input maxLength={ruleOf(ZSealSave, 'name').maxLength} showCount placeholder={TxCompany.seals.namePh} />
              </Form.Item>
              <Form.Item name="remark" label={TxCompany.invoice.remark} rules={rulesOf(ZSealSave, 'remark')}>
                <Input
                  maxLength={ruleOf(ZSealSave, 'remark').maxLength}
                  showCount
                  placeholder={TxCompany.seals.remarkPh}
                />
              </Form.Item>
              <Form.Item
                name="image"
                label={TxCompany.seals.image}
                rules={[{ required: true, message: M.seal.imageRequired }]}
                extra={TxCompany.seals.imageRule}
              >
                <ImageUpload
                  kind="signet"
                  label={TxCompany.seals.upload}
                  width={180}
                  height={180}
                  contain
                  check={checkSealSize}
                />
              </Form.Item>
              <div className={cm.row12}>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {TxCompany.seals.submit}
                </Button>
                <Button onClick={back}>{TxCompany.seals.cancel}</Button>
              </div>
            </Form>
          )
        }
      </QueryState>
    </PageCard>
  );
}
