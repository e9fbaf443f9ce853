import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Switch, Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { common as msg_common } from '@jizu/shared/messages/common';
import { company as msg_company } from '@jizu/shared/messages/company';
import { member as msg_member } from '@jizu/shared/messages/member';
import { ZMemberSave, type TMemberRow } from '@jizu/shared/schemas/member';
import { api } from '../../api/client';
import { useIsMaster } from '../../app/session';
import { useIsMobile } from '../../app/useIsMobile';
import * as TxCompany from '../../texts/company';
import { toast } from '../../app/toast';
import { PhoneField, SmsCodeField } from '../../ui/AuthFields';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { useFormSave } from '../../ui/useFormSave';
import { ruleOf, rulesOf } from '../../ui/formRules';
import cm from '../../ui/common.module.css';
import { isOn } from '@jizu/shared/constants/flags';
import { isVerified } from '@jizu/shared/constants/verify';
import cs from './company.module.css';

const M = { common: msg_common, company: msg_company, member: msg_member } as const;

export const membersKey = ['company', 'members'] as const;
/** The company's members: one query for the members page and the permission page's member list. */
export const membersQuery = {
  queryKey: membersKey,
  queryFn: () => api.get<TMemberRow[]>('/company/user/lst', undefined, { quiet: true }),
};

type TMemberForm = { phone?: string; code?: string; name: string; remark?: string };

function MemberDialog({ member, onClose }: { member?: TMemberRow; onClose: () => void }) {
  const [form] = Form.useForm<TMemberForm>();
  const save = useFormSave(
    form,
    (v: TMemberForm) =>
      member
        ? api.post('/company/user/save', { id: member.id, name: v.name, remark: v.remark ?? '' }, { quiet: true })
        : api.post('/company/user/add', { ...v, remark: v.remark ?? '' }, { quiet: true }),
    membersKey,
    onClose,
    member ? M.common.modified : M.common.added,
  );
  return (
    <Modal
      open
      title={member ? TxCompany.members.edit : TxCompany.members.add}
      okText={TxCompany.invoice.save}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={member ? { name: member.member_name, remark: member.remark } : {}}
        onFinish={(v) => save.mutate(v)}
        className={cm.mt16}
      >
        {member ? (
          <Form.Item label={TxCompany.members.account}>
            <Input value={member.phone} disabled />
          </Form.Item>
        ) : (
          <>
            <PhoneField />
            <SmsCodeField form={form} send={(phone) => api.post('/company/user/sms', { phone })} />
            <div className={cs.smsHint}>{TxCompany.members.smsHint}</div>
          </>
        )}
        <Form.Item name="name" label={TxCompany.members.name} rules={rulesOf(ZMemberSave, 'name')}>
          <Input maxLength={ruleOf(ZMemberSave, 'name').maxLength} placeholder={M.member.nameRequired} />
        </Form.Item>
        <Form.Item name="remark" label={TxCompany.invoice.remark} rules={rulesOf(ZMemberSave, 'remark')}>
          <Input maxLength={ruleOf(ZMemberSave, 'remark').maxLength} placeholder={TxCompany.members.remarkPh} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeleteDialog({ member, others, onClose }: { member: TMemberRow; others: TMemberRow[]; onClose: () => void }) {
  const [form] = Form.useForm<{ handover_id: number }>();
  const save = useFormSave(
    form,
    (v: { handover_id: number }) =>
      api.post('/company/user/del', { id: member.id, handover_id: v.handover_id }, { quiet: true }),
    membersKey,
    onClose,
    M.common.deleted,
  );
  return (
    <Modal
      open
      title={TxCompany.members.delete}
      okText={TxCompany.members.deleteOk}
      okButtonProps={{ danger: true }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className={cm.mt16}>{TxCompany.members.deleteText.replace('{name}', member.member_name)}</p>
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="handover_id"
          label={TxCompany.members.handover}
          rules={[{ required: true, message: M.member.handoverRequired }]}
        >
          <Select
            placeholder={M.member.handoverRequired}
            options={others.map((o) => ({ value: o.id, label: `${o.member_name}（${o.phone}）` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Why a member's controls are disabled for the viewer: only the main account changes members, never its own row. */
function lockedReason(m: TMemberRow, master: boolean): string | null {
  if (!master) return M.company.mainOnly;
  if (m.master === 1) return M.member.mainLocked;
  return null;
}

function StatusSwitch({ m, master }: { m: TMemberRow; master: boolean }) {
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: (on: boolean) => api.post('/company/user/on', { id: m.id, status: on ? 1 : 0 }),
    onSuccess: async (_d, on) => {
      toast.success(on ? M.member.enabled : M.member.disabled);
      await qc.invalidateQueries({ queryKey: membersKey });
    },
  });
  const locked = lockedReason(m, master);
  return (
    <Tooltip title={locked}>
      <Switch
        checked={isOn(m)}
        disabled={!!locked}
        loading={toggle.isPending}
        onChange={(on) => toggle.mutate(on)}
        checkedChildren={TxCompany.members.on}
        unCheckedChildren={TxCompany.members.off}
      />
    </Tooltip>
  );
}

/** Edit and delete: shown to everyone (spec/1 §6), disabled with the reason for anyone but the main account. */
function MemberActions({
  m,
  master,
  onEdit,
  onDelete,
}: {
  m: TMemberRow;
  master: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const locked = lockedReason(m, master);
  return (
    <Tooltip title={locked}>
      <span data-testid="member-actions" className={cs.memberActions}>
        <Button type="link" size="small" disabled={!!locked} onClick={onEdit}>
          {TxCompany.invoice.editShort}
        </Button>
        <Button type="link" size="small" danger disabled={!!locked} onClick={onDelete}>
          {TxCompany.bank.delete}
        </Button>
      </span>
    </Tooltip>
  );
}

/** Below 992 px a row is a card: a seven-column table would hide the name and the switch behind a scroll. */
function MemberCard({
  m,
  master,
  onEdit,
  onDelete,
}: {
  m: TMemberRow;
  master: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div data-testid="member-card" className={cs.memberCard}>
      <div className={cm.row8}>
        <strong className={cs.memberName}>{m.member_name}</strong>
        {isVerified({ status: m.auth_status }) && (
          <SafetyCertificateFilled aria-label={TxCompany.members.realName} className={cs.verifiedIcon} />
        )}
        {m.master === 1 ? <Tag color="blue">{TxCompany.members.main}</Tag> : <Tag>{TxCompany.members.sub}</Tag>}
        <span className={cm.grow} />
        <StatusSwitch m={m} master={master} />
      </div>
      <div className={cs.memberAccount}>
        {TxCompany.members.account}：{m.phone}
        <span className={cs.memberId}>ID {m.id}</span>
      </div>
      <div className={cm.hint}>
        {m.remark || '—'} · {m.create_time}
      </div>
      <div className={cm.rowEnd}>
        <MemberActions m={m} master={master} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </div>
  );
}

/** 用户管理: the company's members; only the main account adds, edits, switches and deletes (the main row never). */
export default function MembersPage() {
  const master = useIsMaster();
  const mobile = useIsMobile();
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'edit' | 'delete'; member: TMemberRow } | null>(null);
  const q = useQuery(membersQuery);
  const columns: TableColumnsType<TMemberRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: TxCompany.members.account, dataIndex: 'phone', width: 130 },
    {
      title: TxCompany.members.name,
      dataIndex: 'member_name',
      render: (v: string, m) => (
        <span>
          {v}
          {isVerified({ status: m.auth_status }) && (
            <Tooltip title={TxCompany.members.realName}>
              <SafetyCertificateFilled className={cs.verifiedAfter} />
            </Tooltip>
          )}
        </span>
      ),
    },
    {
      title: TxCompany.members.type,
      dataIndex: 'master',
      width: 100,
      render: (v: number) =>
        v === 1 ? <Tag color="blue">{TxCompany.members.main}</Tag> : <Tag>{TxCompany.members.sub}</Tag>,
    },
    { title: TxCompany.invoice.remark, dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '—' },
    { title: TxCompany.members.created, dataIndex: 'create_time', width: 170 },
    {
      title: TxCompany.members.status,
      dataIndex: 'status',
      width: 100,
      render: (_v: number, m) => <StatusSwitch m={m} master={master} />,
    },
    {
      title: TxCompany.members.actions,
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_v, m) => (
        <MemberActions
          m={m}
          master={master}
          onEdit={() => setDialog({ kind: 'edit', member: m })}
          onDelete={() => setDialog({ kind: 'delete', member: m })}
        />
      ),
    },
  ];
  return (
    <PageCard
      title={TxCompany.members.title}
      extra={
        master && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
            {TxCompany.members.add}
          </Button>
        )
      }
    >
      {!master && <div className={cm.tertiaryBelow}>{TxCompany.members.viewOnly}</div>}
      <QueryState query={q}>
        {(rows) => (
          <>
            {mobile ? (
              <div className={cm.grid12}>
                {rows.map((m) => (
                  <MemberCard
                    key={m.id}
                    m={m}
                    master={master}
                    onEdit={() => setDialog({ kind: 'edit', member: m })}
                    onDelete={() => setDialog({ kind: 'delete', member: m })}
                  />
                ))}
              </div>
            ) : (
              <Table<TMemberRow>
                rowKey="id"
                columns={columns}
                dataSource={rows}
                pagination={false}
                scroll={{ x: 900 }}
                size="middle"
              />
            )}
            {dialog?.kind === 'delete' && (
              <DeleteDialog
                member={dialog.member}
                others={rows.filter((r) => r.id !== dialog.member.id && isOn(r))}
                onClose={() => setDialog(null)}
              />
            )}
          </>
        )}
      </QueryState>
      {dialog?.kind === 'add' && <MemberDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <MemberDialog member={dialog.member} onClose={() => setDialog(null)} />}
    </PageCard>
  );
}
