import { Button, Empty, Modal } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { orderUi as T } from '../../texts/order';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { orderKey } from './orderApi';
import cm from '../../ui/common.module.css';
import s from './order.module.css';

type TCandidate = {
  id: number;
  sn: string;
  name: string;
  classify_v: string;
  finish_date_v: string;
  providers: string[];
};

/**
 * /rent/order/add (opened in a new tab after the pre-check): the completed biddings whose orders are still to create;
 * 生成订单 asks with the server's text (checkOne, code 1001), then creates one draft per selected provider.
 */
export default function OrderAddPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const q = useQuery({
    queryKey: [...orderKey, 'candidates'],
    queryFn: () => api.get<TCandidate[]>('/rent/order/createPre'),
  });
  const create = useMutation({
    mutationFn: (bid: number) => api.post<{ orders: { id: number; sn: string }[] }>('/rent/order/createOk', { bid }),
    onSuccess: async (r) => {
      toast.success(`${T.addCreate}：${r.orders.map((o) => o.sn).join('、')}`);
      await qc.invalidateQueries({ queryKey: orderKey });
      navigate('/rent/order?status=0');
    },
  });
  const ask = async (c: TCandidate) => {
    const pre = await api.post<{ code: number; msg: string }>('/rent/order/checkOne', { bid: c.id });
    if (pre.code === 1001)
      modal.confirm({
        title: T.tip,
        content: pre.msg,
        okText: T.addCreate,
        cancelText: T.cancel,
        onOk: () => create.mutateAsync(c.id),
      });
    else await create.mutateAsync(c.id);
  };
  return (
    <PageCard title={T.addTitle}>
      {holder}
      <p className={cm.mutedFlush}>{T.addIntro}</p>
      <QueryState query={q} isEmpty={(d) => d.length === 0} empty={<Empty description={T.addEmpty} />}>
        {(list) => (
          <div className={cm.col12}>
            {list.map((c) => (
              <div key={c.id} data-testid="order-candidate" className={`${s.box} ${s.candidate}`}>
                <div className={cm.shrink}>
                  <div className={cm.strong}>{c.name}</div>
                  <div className={cm.hint}>
                    {c.sn} · {c.classify_v} · {c.finish_date_v}
                  </div>
                  <div className={cm.secondary13}>
                    {T.providers}：{c.providers.join('、')}
                  </div>
                </div>
                <Button
                  type="primary"
                  loading={create.isPending && create.variables === c.id}
                  onClick={() => void ask(c)}
                >
                  {T.addCreate}
                </Button>
              </div>
            ))}
          </div>
        )}
      </QueryState>
    </PageCard>
  );
}
