import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Popconfirm, Radio, Switch, Tag, Tooltip } from 'antd';
import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bank as msg_bank } from '@jizu/shared/messages/bank';
import { common as msg_common } from '@jizu/shared/messages/common';
import { invoice as msg_invoice } from '@jizu/shared/messages/invoice';
import {
  INVOICE_ADDRESS_LIMIT,
  ZAddressSave,
  ZInvoiceSave,
  type TInvoiceAddress,
  type TInvoiceProfile,
} from '@jizu/shared/schemas/invoice';
import { maskPhone } from '@jizu/shared/rules/mask';
import { api } from '../../api/client';
import * as T from '../../texts/common';
import * as TxCompany from '../../texts/company';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { useFormSave } from '../../ui/useFormSave';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { RegionCascader } from '../../ui/RegionCascader';
import { StateView } from '../../ui/StateView';
import { REGION_DEPTH } from '@jizu/shared/constants/region';
import { cascaderRules, rulesOf } from '../../ui/formRules';
import cm from '../../ui/common.module.css';
import cs from './company.module.css';

const M = { bank: msg_bank, common: msg_common, invoice: msg_invoice } as const;

const profileKey = ['company', 'invoice'] as const;
const addrKey = ['company', 'invoice', 'addr'] as const;
const dash = (s: string) => s || '—';

type TProfileForm = Pick<TInvoiceProfile, 'type' | 'address' | 'telphone' | 'bank' | 'bank_no'>;

function ProfileDialog({ profile, onClose }: { profile: TInvoiceProfile; onClose: () => void }) {
  const [form] = Form.useForm<TProfileForm>();
  const save = useFormSave(
    form,
    (v: TProfileForm) => api.post('/company/invoice/save', v, { quiet: true }),
    profileKey,
    onClose,
  );
  const type = Form.useWatch('type', form) ?? profile.type;
  const special = type === 0;
  const need = (msg: string) => [{ required: special, whitespace: true, message: msg }];
  return (
    <Modal
      open
      title={TxCompany.invoice.edit}
      okText={TxCompany.invoice.save}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={profile} onFinish={(v) => save.mutate(v)} className={cm.mt16}>
        <Form.Item
          name="type"
          label={TxCompany.invoice.type}
          extra={profile.target === 1 ? M.invoice.personalOrdinaryOnly : undefined}
        >
          <Radio.Group>
            <Radio value={0} disabled={profile.target === 1}>
              {M.invoice.special}
            </Radio>
            <Radio value={1}>{M.invoice.ordinary}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={TxCompany.invoice.title} extra={TxCompany.invoice.fromRegister}>
          <Input value={profile.name} disabled />
        </Form.Item>
        <Form.Item label={TxCompany.invoice.taxNo}>
          <Input value={dash(profile.no)} disabled />
        </Form.Item>
        <Form.Item name="address" label={TxCompany.invoice.address} rules={need(M.invoice.addressRequired)}>
          <Input maxLength={200} placeholder={TxCompany.invoice.addressPh} />
        </Form.Item>
        <Form.Item name="telphone" label={TxCompany.invoice.tel} rules={need(M.invoice.telRequired)}>
          <Input maxLength={30} placeholder={TxCompany.invoice.telPh} />
        </Form.Item>
        <Form.Item name="bank" label={TxCompany.invoice.bank} rules={need(M.invoice.bankRequired)}>
          <Input maxLength={50} placeholder={TxCompany.bank.namePlaceholder} />
        </Form.Item>
        <Form.Item
          name="bank_no"
          label={TxCompany.invoice.bankNo}
          rules={[...need(M.invoice.bankNoRequired), ...rulesOf(ZInvoiceSave, 'bank_no')]}
        >
          <Input maxLength={40} inputMode="numeric" placeholder={TxCompany.bank.noPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ProfileCard() {
  const [editing, setEditing] = useState(false);
  const mobile = useIsMobile();
  const q = useQuery({
    queryKey: profileKey,
    queryFn: () => api.get<TInvoiceProfile>('/company/invoice/index', undefined, { quiet: true }),
  });
  return (
    <PageCard
      title={TxCompany.invoice.profileTitle}
      extra={
        q.isSuccess && (
          <Button type="primary" ghost onClick={() => setEditing(true)}>
            {TxCompany.invoice.edit}
          </Button>
        )
      }
    >
      <QueryState query={q}>
        {(p) => (
          <>
            {p.type === 0 && (!p.bank || !p.bank_no) && (
              <Alert type="warning" showIcon title={TxCompany.invoice.incomplete} className={cs.alert} />
            )}
            <Descriptions
              bordered
              size="middle"
              column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
              layout={mobile ? 'vertical' : 'horizontal'}
              classNames={{ label: mobile ? undefined : cs.label }}
            >
              <Descriptions.Item label={TxCompany.invoice.type}>
                <Tag color={p.type === 0 ? 'blue' : 'default'}>{p.type_v}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={TxCompany.invoice.title}>{p.name}</Descriptions.Item>
              <Descriptions.Item label={TxCompany.invoice.taxNo}>{dash(p.no)}</Descriptions.Item>
              <Descriptions.Item label={TxCompany.invoice.address}>{dash(p.address)}</Descriptions.Item>
              <Descriptions.Item label={TxCompany.invoice.tel}>{dash(p.telphone)}</Descriptions.Item>
              <Descriptions.Item label={TxCompany.invoice.bank}>{dash(p.bank)}</Descriptions.Item>
              <Descriptions.Item label={TxCompany.invoice.bankNo}>{dash(p.bank_no)}</Descriptions.Item>
              <Descriptions.Item label={TxCompany.invoice.updated}>{dash(p.update_time)}</Descriptions.Item>
            </Descriptions>
            {editing && <ProfileDialog profile={p} onClose={() => setEditing(false)} />}
          </>
        )}
      </QueryState>
    </PageCard>
  );
}

type TAddrForm = {
  id?: number;
  name: string;
  phone: string;
  region: number[];
  address: string;
  remark?: string;
  is_default?: boolean;
};

function AddressDialog({ address, count, onClose }: { address?: TInvoiceAddress; count: number; onClose: () => void }) {
  const [form] = Form.useForm<TAddrForm>();
  const save = useFormSave(
    form,
    ({ region, is_default, ...v }: TAddrForm) =>
      api.post(
        '/company/invoice/saveAddr',
        {
          ...v,
          id: address?.id,
          province: region[0],
          city: region[1],
          area: region[2],
          is_default: is_default ? 1 : 0,
        },
        { quiet: true },
      ),
    addrKey,
    onClose,
  );
  // the default switch appears only when an address already exists (spec/1 §5); the default one stays default
  const showDefault = address ? address.is_default !== 1 : count > 0;
  const initial: Partial<TAddrForm> = address
    ? {
        name: address.name,
        phone: address.phone,
        region: [address.province, address.city, address.area],
        address: address.address,
        remark: address.remark,
        is_default: false,
      }
    : { is_default: false };
  return (
    <Modal
      open
      title={address ? TxCompany.invoice.editAddr : TxCompany.invoice.addAddr}
      okText={TxCompany.invoice.save}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)} className={cm.mt16}>
        <Form.Item
          name="name"
          label={TxCompany.invoice.receiver}
          rules={[{ required: true, whitespace: true, message: M.invoice.receiverRequired }]}
        >
          <Input maxLength={30} placeholder={M.invoice.receiverRequired} />
        </Form.Item>
        <Form.Item name="phone" label={TxCompany.invoice.phone} rules={rulesOf(ZAddressSave, 'phone')}>
          <Input maxLength={11} inputMode="numeric" placeholder={T.form.phone} />
        </Form.Item>
        <Form.Item
          name="region"
          label={TxCompany.invoice.region}
          rules={cascaderRules(REGION_DEPTH, M.invoice.regionRequired)}
        >
          <RegionCascader />
        </Form.Item>
        <Form.Item
          name="address"
          label={TxCompany.invoice.detail}
          rules={[{ required: true, whitespace: true, message: M.invoice.detailRequired }]}
        >
          <Input.TextArea
            maxLength={100}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={TxCompany.invoice.detailPh}
          />
        </Form.Item>
        <Form.Item name="remark" label={TxCompany.invoice.remark}>
          <Input maxLength={50} placeholder={TxCompany.bank.remarkPlaceholder} />
        </Form.Item>
        {showDefault && (
          <Form.Item name="is_default" label={TxCompany.invoice.setDefault} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function AddressRow({ a, onEdit }: { a: TInvoiceAddress; onEdit: () => void }) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: addrKey });
  const setDefault = useMutation({
    mutationFn: () => api.post('/company/invoice/setDefaultAddr', { id: a.id }),
    onSuccess: async () => {
      toast.success(M.invoice.defaultSet);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => api.del('/company/invoice/delAddr', { id: a.id }),
    onSuccess: async () => {
      toast.success(M.common.deleted);
      await refresh();
    },
  });
  const isDefault = a.is_default === 1;
  return (
    <div data-testid="invoice-address" className={isDefault ? `${cs.address} ${cs.addressDefault}` : cs.address}>
      <EnvironmentOutlined className={cs.addressIcon} />
      <div className={cs.addressBody}>
        <div className={cm.strong}>
          {a.name} <span className={cs.addressPhone}>{maskPhone(a.phone)}</span>
          {isDefault && (
            <Tag color="blue" className={cs.defaultTag}>
              {TxCompany.invoice.defaultTag}
            </Tag>
          )}
        </div>
        <div className={cs.addressLine}>
          {a.province_v} {a.city_v} {a.area_v} {a.address}
        </div>
        {a.remark && <div className={cm.hintTop}>{a.remark}</div>}
      </div>
      <div className={cs.addressActions}>
        <Button type="link" size="small" onClick={onEdit}>
          {TxCompany.invoice.editShort}
        </Button>
        {!isDefault && (
          <Button type="link" size="small" loading={setDefault.isPending} onClick={() => setDefault.mutate()}>
            {TxCompany.bank.setDefault}
          </Button>
        )}
        {isDefault ? (
          <Tooltip title={M.invoice.defaultNoDelete}>
            <Button type="link" size="small" disabled>
              {TxCompany.bank.delete}
            </Button>
          </Tooltip>
        ) : (
          <Popconfirm
            title={TxCompany.invoice.confirmDelete}
            okText={TxCompany.bank.delete}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync()}
          >
            <Button type="link" size="small" danger>
              {TxCompany.bank.delete}
            </Button>
          </Popconfirm>
        )}
      </div>
    </div>
  );
}

function AddressCard() {
  const [dialog, setDialog] = useState<{ address?: TInvoiceAddress } | null>(null);
  const q = useQuery({
    queryKey: addrKey,
    queryFn: () => api.get<TInvoiceAddress[]>('/company/invoice/addrlst', undefined, { quiet: true }),
  });
  const count = q.data?.length ?? 0;
  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
      {TxCompany.invoice.addAddr}
    </Button>
  );
  return (
    <PageCard
      title={TxCompany.invoice.addrTitle}
      extra={q.isSuccess && count > 0 && count < INVOICE_ADDRESS_LIMIT && add}
    >
      <div className={cm.tertiaryBelow}>
        {TxCompany.invoice.addrHint.replace('{n}', String(count)).replace('{max}', String(INVOICE_ADDRESS_LIMIT))}
      </div>
      <QueryState
        query={q}
        isEmpty={(d) => d.length === 0}
        empty={
          <StateView
            icon={<EnvironmentOutlined className={cs.addressEmptyIcon} />}
            title={TxCompany.invoice.addrEmpty}
            extra={add}
          />
        }
      >
        {(list) => (
          <div className={cm.grid12}>
            {list.map((a) => (
              <AddressRow key={a.id} a={a} onEdit={() => setDialog({ address: a })} />
            ))}
          </div>
        )}
      </QueryState>
      {dialog && <AddressDialog address={dialog.address} count={count} onClose={() => setDialog(null)} />}
    </PageCard>
  );
}

/** 发票信息: the invoice qualification (title and tax number from the company register) and up to 3 receiving addresses. */
export default function InvoicePage() {
  return (
    <>
      <ProfileCard />
      <AddressCard />
    </>
  );
}
