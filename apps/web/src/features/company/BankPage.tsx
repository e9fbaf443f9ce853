import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Tag } from 'antd';
import { BankOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bank as msg_bank } from '@jizu/shared/messages/bank';
import { common as msg_common } from '@jizu/shared/messages/common';
import { BANK_CARD_LIMIT, ZBankSave, type TBankCard } from '@jizu/shared/schemas/bank';
import { api } from '../../api/client';
import * as TxCompany from '../../texts/company';
import { toast } from '../../app/toast';
import { useFormSave } from '../../ui/useFormSave';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { ruleOf, rulesOf } from '../../ui/formRules';
import cm from '../../ui/common.module.css';
import cs from './company.module.css';

const M = { bank: msg_bank, common: msg_common } as const;

const key = ['company', 'bank'] as const;

function AddCardDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; no: string; remark?: string }>();
  const save = useFormSave(
    form,
    (v: { name: string; no: string; remark?: string }) => api.post<TBankCard>('/company/bank/save', v, { quiet: true }),
    key,
    onClose,
    M.common.added,
  );
  return (
    <Modal
      open
      title={TxCompany.bank.add}
      okText={TxCompany.bank.save}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark onFinish={(v) => save.mutate(v)} className={cm.mt16}>
        <Form.Item name="name" label={TxCompany.bank.name} rules={rulesOf(ZBankSave, 'name')}>
          <Input placeholder={TxCompany.bank.namePlaceholder} maxLength={ruleOf(ZBankSave, 'name').maxLength} />
        </Form.Item>
        <Form.Item name="no" label={TxCompany.bank.no} rules={rulesOf(ZBankSave, 'no')}>
          <Input placeholder={TxCompany.bank.noPlaceholder} inputMode="numeric" maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item name="remark" label={TxCompany.bank.remark} rules={rulesOf(ZBankSave, 'remark')}>
          <Input
            placeholder={TxCompany.bank.remarkPlaceholder}
            maxLength={ruleOf(ZBankSave, 'remark').maxLength}
            showCount
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CardTile({ card }: { card: TBankCard }) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const setDefault = useMutation({
    mutationFn: () => api.post('/company/bank/default', { id: card.id }),
    onSuccess: async () => {
      toast.success(M.bank.defaultSet);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => api.post('/company/bank/del', { id: card.id }),
    onSuccess: async () => {
      toast.success(M.common.deleted);
      await refresh();
    },
  });
  return (
    <div data-testid="bank-card" className={card.is_default ? `${cs.bankCard} ${cs.bankCardDefault}` : cs.bankCard}>
      <div className={cm.row8}>
        <BankOutlined className={cs.bankIcon} />
        <span className={cs.bankName} title={card.name}>
          {card.name}
        </span>
        {card.is_default === 1 && <Tag color="gold">{TxCompany.bank.default}</Tag>}
      </div>
      <div className={cs.bankNo}>{card.no}</div>
      <div className={cs.bankRemark}>{card.remark || ' '}</div>
      <div className={cs.bankActions}>
        {card.is_default !== 1 && (
          <Button size="small" ghost loading={setDefault.isPending} onClick={() => setDefault.mutate()}>
            {TxCompany.bank.setDefault}
          </Button>
        )}
        <Popconfirm
          title={TxCompany.bank.confirmDelete.replace('{no}', card.no.slice(-4))}
          okText={TxCompany.bank.delete}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync()}
        >
          <Button size="small" ghost danger={false} loading={remove.isPending}>
            {TxCompany.bank.delete}
          </Button>
        </Popconfirm>
      </div>
    </div>
  );
}

/** 银行卡管理: the company's bank accounts (at most 4; the add button hides at 4), the default one first in colour. */
export default function BankPage() {
  const [adding, setAdding] = useState(false);
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<TBankCard[]>('/company/bank/lst', undefined, { quiet: true }),
  });
  const count = q.data?.length ?? 0;
  const canAdd = q.isSuccess && count < BANK_CARD_LIMIT;
  return (
    <PageCard
      title={TxCompany.bank.title}
      extra={
        canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {TxCompany.bank.add}
          </Button>
        )
      }
    >
      <div className={cs.intro}>
        {TxCompany.bank.hint.replace('{n}', String(count)).replace('{max}', String(BANK_CARD_LIMIT))}
      </div>
      <QueryState
        query={q}
        isEmpty={(d) => d.length === 0}
        empty={
          <StateView
            icon={<BankOutlined className={cs.emptyIcon} />}
            title={TxCompany.bank.empty}
            sub={TxCompany.bank.emptyHint}
            extra={
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {TxCompany.bank.add}
              </Button>
            }
          />
        }
      >
        {(cards) => (
          <div className={cs.bankGrid}>
            {cards.map((c) => (
              <CardTile key={c.id} card={c} />
            ))}
          </div>
        )}
      </QueryState>
      {adding && <AddCardDialog onClose={() => setAdding(false)} />}
    </PageCard>
  );
}
