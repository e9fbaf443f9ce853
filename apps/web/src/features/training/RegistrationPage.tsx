import { useState } from 'react';
import { Button, Modal, type TableColumnsType } from 'antd';
import { PlusOutlined, SolutionOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PAY_TYPE_LOGO } from '@jizu/shared/constants/payment';
import { TRAINING_ROUTES } from '@jizu/shared/constants/training';
import type { TPage } from '@jizu/shared/errors';
import type { TEnrolRow } from '@jizu/shared/schemas/training';
import { api } from '../../api/client';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { PayTypePicker } from '../payment/PayTypePicker';
import { tilesOfLogos } from '../payment/pay';
import { goTrainingPay } from './trainingPay';
import { ENROL_TONES } from './tones';
import { TT } from '../../texts/training';
import cm from '../../ui/common.module.css';
import s from './training.module.css';

const listKey = ['training', 'mine'];

/** 去支付 continues the open order; 重新支付 (its order closed) asks for a payment method and makes a new one. */
function PayAction({ r }: { r: TEnrolRow }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [payType, setPayType] = useState<string>(r.pay_name);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      // toasted by the client; the list shows the state now
      void qc.invalidateQueries({ queryKey: listKey });
    } finally {
      setBusy(false);
    }
  };
  if (r.pay_state === 'SUCCESS') return <span className={cm.quaternary}>—</span>;
  if (r.pay_state === 'WAITING')
    return (
      <Button
        size="small"
        type="primary"
        loading={busy}
        onClick={() => void run(() => goTrainingPay(r.order_sn, navigate))}
      >
        {TT.goPay}
      </Button>
    );
  return (
    <>
      <Button size="small" type="primary" ghost onClick={() => setChoosing(true)}>
        {TT.payAgain}
      </Button>
      <Modal
        open={choosing}
        title={TT.payAgainTitle}
        okText={TT.confirm}
        confirmLoading={busy}
        onCancel={() => setChoosing(false)}
        onOk={() =>
          run(async () =>
            goTrainingPay(await api.post<string>(`/recruit/applyo/${r.id}/pay`, { pay_name: payType }), navigate),
          )
        }
        destroyOnHidden
      >
        <p className={cm.muted}>{TT.payAgainHint}</p>
        <p>
          {r.course} · <b className={s.price}>¥{r.price_v}</b>
        </p>
        <PayTypePicker options={tilesOfLogos(PAY_TYPE_LOGO)} value={payType} onChange={setPayType} />
      </Modal>
    </>
  );
}

const state = (r: TEnrolRow) => <StatusTag status={r.pay_state} text={r.pay_state_v} tones={ENROL_TONES} />;
const C = TT.cols;
const columns: TableColumnsType<TEnrolRow> = [
  { title: C.course, dataIndex: 'course', width: 200 },
  { title: C.fee, dataIndex: 'price_v', width: 130, align: 'right' },
  { title: C.education, dataIndex: 'education', width: 110 },
  { title: C.payType, dataIndex: 'pay_name_v', width: 110 },
  { title: C.createTime, dataIndex: 'create_time', width: 170 },
  { title: C.payState, key: 's', width: 100, render: (_: unknown, r) => state(r) },
  { title: C.paidTime, dataIndex: 'paid_time', width: 170, render: (v: string) => v || '—' },
  { title: C.action, key: 'op', width: 110, fixed: 'right', render: (_: unknown, r) => <PayAction r={r} /> },
];

/** /operator/registration (menu 4205, spec/3 "Sign-up fee list"): the user's training sign-ups and their payment. */
export default function RegistrationPage() {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { update, int } = useUrlQuery();
  const page = int('page', 1);
  const sizeParam = int('size', 5);
  const size = PAGE_SIZE_OPTIONS.includes(sizeParam) ? sizeParam : 5;
  const q = useQuery({
    queryKey: [...listKey, { page, size }],
    queryFn: () => api.get<TPage<TEnrolRow>>('/recruit/applyo', { page, size }, { quiet: true }),
    placeholderData: keepPreviousData,
  });
  const enrol = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(TRAINING_ROUTES.enrol)}>
      {TT.enrol}
    </Button>
  );
  return (
    <PageCard title={TT.listTitle} extra={enrol}>
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0 && page === 1}
        empty={
          <StateView
            icon={<SolutionOutlined className={s.emptyIcon} />}
            title={TT.empty}
            sub={TT.emptySub}
            extra={enrol}
          />
        }
      >
        {(d) => (
          <PagedList<TEnrolRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            totalText={TT.total}
            card={(r) => (
              <div data-testid="enrol-card" className={s.card}>
                <div className={cm.between8}>
                  <b>{r.course}</b>
                  <span className={cm.fixed}>{state(r)}</span>
                </div>
                <div className={cm.muted13}>{`¥${r.price_v} · ${r.education} · ${r.pay_name_v}`}</div>
                <div
                  className={cm.hint}
                >{`${C.createTime} ${r.create_time}${r.paid_time ? ` · ${C.paidTime} ${r.paid_time}` : ''}`}</div>
                <div className={cm.rowEnd}>
                  <PayAction r={r} />
                </div>
              </div>
            )}
            onPage={(p, s) =>
              update({ page: s !== size ? undefined : p > 1 ? p : undefined, size: s === 5 ? undefined : s })
            }
          />
        )}
      </QueryState>
    </PageCard>
  );
}
