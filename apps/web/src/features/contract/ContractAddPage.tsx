import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Progress, Radio, Space, Upload } from 'antd';
import { FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { latestPastDate } from '@jizu/shared/rules/pastDate';
import { UPLOAD_RULES } from '@jizu/shared/constants/upload';
import { contract as msg } from '@jizu/shared/messages/contract';
import { contractUi as T } from '../../texts/contract';
import { ZContractSave } from '@jizu/shared/schemas/contract';
import { api, upload } from '../../api/client';
import { toast } from '../../app/toast';
import { inputProps, rulesOf } from '../../ui/formRules';
import { checkImageFile } from '../../ui/ImageUpload';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { orderKey } from '../order/orderApi';
import '../../ui/dayjsZh';
import cm from '../../ui/common.module.css';
import css from './contract.module.css';

type TInfo = {
  order_id: number;
  order_sn: string;
  project_name: string;
  tenant_name: string;
  provider_name: string;
  seals: { id: number; name: string; image: string }[];
};
type TForm = { attachment: string; sn: string; name: string; date: Dayjs; signet_id: number };

/** The PDF field: type and size checked before sending, progress while it uploads; the value is the stored address. */
function PdfField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const [name, setName] = useState('');
  const [pct, setPct] = useState<number | null>(null);
  const pick = async (file: File) => {
    const bad = checkImageFile('contract', file);
    if (bad) {
      toast.error(bad);
      return;
    }
    setPct(0);
    try {
      const r = await upload<{ url: string }>(UPLOAD_RULES.contract.path, file, setPct);
      setName(file.name);
      onChange?.(r.url);
    } finally {
      setPct(null);
    }
  };
  return (
    <div>
      <Upload accept={UPLOAD_RULES.contract.accept} showUploadList={false} beforeUpload={(f) => (void pick(f), false)}>
        <Button icon={<UploadOutlined />} loading={pct !== null}>
          {T.pickFile}
        </Button>
      </Upload>
      {pct !== null && <Progress percent={pct} size="small" className={css.progress} />}
      {value && (
        <div data-testid="contract-file" className={css.file}>
          <FilePdfOutlined className={css.pdf} /> {name || value.split('/').pop()}
        </div>
      )}
    </div>
  );
}

/** /rent/order/contract-add/{id}: the tenant uploads a contract for an order in progress (spec/2 §5 Contract upload). */
export default function ContractAddPage() {
  const orderId = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<TForm>();
  const [modal, holder] = Modal.useModal();
  const info = useQuery({
    queryKey: [...orderKey, 'contract-info', orderId],
    queryFn: () => api.get<TInfo>('/rent/contract/info', { id: orderId }),
    enabled: orderId > 0,
  });
  const save = useMutation({
    mutationFn: (v: TForm) =>
      api.post('/rent/contract/save', {
        order_id: orderId,
        attachment: v.attachment,
        sn: v.sn,
        name: v.name,
        date: v.date.format('YYYY-MM-DD'),
        signet_id: v.signet_id || undefined,
      }),
    onSuccess: async () => {
      toast.success(msg.saved);
      await qc.invalidateQueries({ queryKey: orderKey });
      navigate(`/rent/order/contract/${orderId}`);
    },
  });
  const latest = dayjs(latestPastDate());
  const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);
  return (
    <QueryState query={info}>
      {(d) => (
        <PageCard title={`${T.addTitle} · ${d.project_name}`}>
          {holder}
          <p className={cm.mutedFlush}>
            {d.order_sn} · {d.tenant_name} / {d.provider_name}
          </p>
          <Form<TForm>
            form={form}
            layout="vertical"
            className={css.form}
            scrollToFirstError={{ focus: true }}
            initialValues={{ signet_id: d.seals[0]?.id ?? 0 }}
            onFinish={(v) =>
              modal.confirm({
                title: T.addTitle,
                content: msg.saveAsk,
                okText: T.submit,
                cancelText: T.cancel,
                onOk: () => save.mutateAsync(v),
              })
            }
          >
            <Form.Item label={T.file} name="attachment" rules={rulesOf(ZContractSave, 'attachment')}>
              <PdfField />
            </Form.Item>
            <Form.Item label={T.sn} name="sn" rules={rulesOf(ZContractSave, 'sn')}>
              <Input placeholder={T.sn} {...inputProps(ZContractSave, 'sn')} />
            </Form.Item>
            <Form.Item label={T.name} name="name" rules={rulesOf(ZContractSave, 'name')}>
              <Input placeholder={T.name} {...inputProps(ZContractSave, 'name')} />
            </Form.Item>
            <Form.Item label={T.date} name="date" rules={rulesOf(ZContractSave, 'date', day)}>
              <DatePicker
                className={css.full}
                disabledDate={(x) => x.isAfter(latest, 'day')}
                defaultPickerValue={latest}
              />
            </Form.Item>
            <Form.Item label={T.seal} name="signet_id" extra={T.sealHint}>
              <Radio.Group className={css.seals}>
                {d.seals.map((s) => (
                  <Radio key={s.id} value={s.id}>
                    <Space>
                      <img src={s.image} alt={s.name} width={48} height={48} className={css.seal} />
                      {s.name}
                    </Space>
                  </Radio>
                ))}
                <Radio value={0}>{T.sealName}</Radio>
              </Radio.Group>
            </Form.Item>
            <Space>
              <Button onClick={() => navigate(`/rent/order/contract/${orderId}`)}>{T.cancel}</Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {T.submit}
              </Button>
            </Space>
          </Form>
        </PageCard>
      )}
    </QueryState>
  );
}
