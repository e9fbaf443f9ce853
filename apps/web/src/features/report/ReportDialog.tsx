import { Form, Input, Modal, Select } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { report as msg_report } from '@jizu/shared/messages/report';
import { ZReportAdd } from '@jizu/shared/schemas/report';
import { api, ApiError } from '../../api/client';
import { toast } from '../../app/toast';
import { inputProps, rulesOf } from '../../ui/formRules';
import { toLogin } from '../favorite/FavoriteButton';
import { RT } from '../../texts/report';

const M = { report: msg_report } as const;

type TValues = { report_type: number; remarks: string };

/** The report dialog of a public page: the type (from the server) and remarks; the result is toasted. */
export default function ReportDialog({
  type,
  targetId,
  onClose,
}: {
  type: 0 | 1 | 2;
  targetId: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<TValues>();
  const types = useQuery({
    queryKey: ['report', 'types'],
    queryFn: () => api.get<{ value: number; label: string }[]>('/index/report/types', undefined, { noCompany: true }),
    staleTime: Infinity,
  });
  const send = useMutation({
    mutationFn: (v: TValues) =>
      api.post('/index/report/add', { type, target_id: targetId, ...v }, { noRedirect: true }),
    onSuccess: () => {
      toast.success(M.report.submitted);
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.loggedOut) toLogin();
    },
  });
  return (
    <Modal
      open
      title={RT.dialogTitle[type]}
      okText={RT.submit}
      cancelText={RT.cancel}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TValues> form={form} layout="vertical" onFinish={(v) => send.mutate(v)}>
        <Form.Item name="report_type" label={RT.type} rules={rulesOf(ZReportAdd, 'report_type')}>
          <Select placeholder={RT.typePh} loading={types.isPending} options={types.data ?? []} />
        </Form.Item>
        <Form.Item name="remarks" label={RT.remarks} rules={rulesOf(ZReportAdd, 'remarks')}>
          <Input.TextArea rows={4} placeholder={RT.remarksPh} {...inputProps(ZReportAdd, 'remarks')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
