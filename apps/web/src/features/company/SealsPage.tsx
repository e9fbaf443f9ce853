import { Button, Popconfirm } from 'antd';
import { PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { common as msg_common } from '@jizu/shared/messages/common';
import { seal as msg_seal } from '@jizu/shared/messages/seal';
import { fmt } from '@jizu/shared/messages/fmt';
import { isSealInReview, SEAL_LIMIT } from '@jizu/shared/constants/seal';
import type { TSeal } from '@jizu/shared/schemas/seal';
import { api } from '../../api/client';
import * as TxCompany from '../../texts/company';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { SEAL_TONES, StatusTag } from '../../ui/StatusTag';
import { StateView } from '../../ui/StateView';
import cm from '../../ui/common.module.css';
import cs from './company.module.css';

const M = { common: msg_common, seal: msg_seal } as const;

export const sealsKey = ['company', 'seals'] as const;
/** The company's seals: one query for the list and for the add page's limit check. */
export const sealsQuery = {
  queryKey: sealsKey,
  queryFn: () => api.get<TSeal[]>('/company/signet/lst', undefined, { quiet: true }),
};

function SealTile({ seal }: { seal: TSeal }) {
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.post('/company/signet/del', { id: seal.id }),
    onSuccess: async () => {
      toast.success(M.common.deleted);
      await qc.invalidateQueries({ queryKey: sealsKey });
    },
  });
  return (
    <div data-testid="seal" className={cs.seal}>
      <div className={cs.sealImage}>
        <img src={seal.image} alt={seal.name} width={150} height={150} className={cs.sealImg} />
      </div>
      <div className={cs.sealBody}>
        <div className={cm.row8}>
          <strong className={cs.sealName} title={seal.name}>
            {seal.name}
          </strong>
          <StatusTag status={seal.status} text={seal.status_v} tones={SEAL_TONES} />
        </div>
        <div className={cm.hint}>
          {seal.remark || TxCompany.seals.noRemark} · {seal.create_time.slice(0, 10)}
        </div>
        {isSealInReview(seal.status) && <div className={cs.reviewHint}>{TxCompany.seals.reviewHint}</div>}
        {seal.reason && <div className={cm.error12}>{fmt(TxCompany.seals.reason, { reason: seal.reason })}</div>}
        <div className={cs.sealActions}>
          <Popconfirm
            title={fmt(M.seal.confirmDelete, { name: seal.name })}
            okText={TxCompany.bank.delete}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync()}
          >
            <Button size="small" danger loading={remove.isPending}>
              {TxCompany.bank.delete}
            </Button>
          </Popconfirm>
        </div>
      </div>
    </div>
  );
}

/** 印章管理: the company's seals (at most 4; the add button hides at 4); only passed seals sign contracts. */
export default function SealsPage() {
  const navigate = useNavigate();
  const q = useQuery(sealsQuery);
  const count = q.data?.length ?? 0;
  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/company/sign/add')}>
      {TxCompany.seals.add}
    </Button>
  );
  return (
    <PageCard title={TxCompany.seals.title} extra={q.isSuccess && count > 0 && count < SEAL_LIMIT && add}>
      <div className={cs.intro}>{fmt(TxCompany.seals.hint, { n: count, max: SEAL_LIMIT })}</div>
      <QueryState
        query={q}
        isEmpty={(d) => d.length === 0}
        empty={
          <StateView
            icon={<SafetyCertificateOutlined className={cs.emptyIcon} />}
            title={TxCompany.seals.empty}
            sub={TxCompany.seals.emptyHint}
            extra={add}
          />
        }
      >
        {(list) => (
          <div className={cs.sealGrid}>
            {list.map((s) => (
              <SealTile key={s.id} seal={s} />
            ))}
          </div>
        )}
      </QueryState>
    </PageCard>
  );
}
