import { Button, DatePicker, Empty, Form, Input, Select, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { machine as msg } from '@jizu/shared/messages/machine';
import { machineUi as T } from '../../texts/machine';
import { ZMachineEnter } from '@jizu/shared/schemas/machine';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { orderKey } from '../order/orderApi';
import { MACHINE_LIMITS } from '@jizu/shared/constants/machine';
import { ImagesField } from '../../ui/ImagesField';
import '../../ui/dayjsZh';
import css from './machine.module.css';
import { InspectionFields, inspectionBody, type TInspectionForm } from './InspectionFields';

type TDevice = { id: number; name: string; spec: string; cover: string };
type TForm = { eid: number; enter_date: Dayjs; enter_hours?: string; enter_photos?: string[] } & TInspectionForm;
const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v);

/** /rent-order/indev/{id}: a machine of the provider's approved listings enters the order's site (spec/2 §5 Machinery entry). */
export default function MachineEnterPage() {
  const orderId = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<TForm>();
  const devices = useQuery({
    queryKey: [...orderKey, 'enterable', orderId],
    queryFn: () => api.get<TDevice[]>('/ep/ct_epok', { id: orderId }),
    enabled: orderId > 0,
  });
  const enter = useMutation({
    mutationFn: (v: TForm) =>
      api.post('/ep/ct_epin', {
        order_id: orderId,
        eid: v.eid,
        enter_date: v.enter_date.format('YYYY-MM-DD'),
        enter_hours: v.enter_hours ?? '',
        enter_photos: v.enter_photos ?? [],
        ...inspectionBody('enter', v),
      }),
    onSuccess: async () => {
      toast.success(msg.entered);
      await qc.invalidateQueries({ queryKey: orderKey });
      navigate(`/rent-order/inout/${orderId}`);
    },
  });
  return (
    <PageCard title={T.enterTitle}>
      <QueryState query={devices} isEmpty={(d) => d.length === 0} empty={<Empty description={T.noDevice} />}>
        {(list) => (
          <Form<TForm>
            form={form}
            layout="vertical"
            className={css.form}
            scrollToFirstError={{ focus: true }}
            initialValues={{ enter_date: dayjs() }}
            onFinish={(v) => enter.mutate(v)}
          >
            <Form.Item label={T.device} name="eid" rules={rulesOf(ZMachineEnter, 'eid')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={T.devicePh}
                options={list.map((d) => ({
                  value: d.id,
                  label: `${d.name}（${T.colId}${d.id}${d.spec ? ` · ${d.spec}` : ''}）`,
                }))}
              />
            </Form.Item>
            <Form.Item label={T.enterDate} name="enter_date" rules={rulesOf(ZMachineEnter, 'enter_date', day)}>
              <DatePicker className={css.full} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
            </Form.Item>
            <Form.Item label={T.hours} name="enter_hours" rules={rulesOf(ZMachineEnter, 'enter_hours')}>
              <Input placeholder={T.hoursPh} inputMode="decimal" maxLength={9} />
            </Form.Item>
            <Form.Item label={T.photos} name="enter_photos" extra={T.photosHint}>
              <ImagesField kind="inout" max={MACHINE_LIMITS.photosMax} label={T.photos} />
            </Form.Item>
            <InspectionFields side="enter" />
            <Space>
              <Button onClick={() => navigate(`/rent-order/inout/${orderId}`)}>{T.cancel}</Button>
              <Button type="primary" htmlType="submit" loading={enter.isPending}>
                {T.submit}
              </Button>
            </Space>
          </Form>
        )}
      </QueryState>
    </PageCard>
  );
}
