import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import {
  CONTRACT_MACHINE,
  CONTRACT_STATUS,
  CONTRACT_STATUS_TEXT,
  isContractLive,
  type TContractAction,
} from '@jizu/shared/constants/contract';
import { actionsOf, statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import { LESSOR, type TOrderWho } from '@jizu/shared/constants/order';
import { contract as msg } from '@jizu/shared/messages/contract';
import { fmt } from '@jizu/shared/messages/fmt';
import { maskPhone } from '@jizu/shared/rules/mask';
import type { TContractRow, TContractSave, TVerifyResult } from '@jizu/shared/schemas/contract';
import { inTx, type DB, type Executor } from '../../db/client';
import { publishEvent } from '../events/events.service';
import { MENU } from '@jizu/shared/constants/menu';
import type { TDeps } from '../../platform/deps';
import { createContractSigner } from '../../platform/esign';
import { AppError } from '../../platform/errors';
import { listAuditTrail, recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { sendSmsCode, verifySmsCode } from '../auth/sms.service';
import { adminContact, findCompanyNames } from '../company/company.service';
import {
  findOrderById,
  recordOrderEvent,
  requireChainGate,
  requireChainOrder,
  requireOrder,
  requireOrderScopeWith,
} from '../order/order.service';
import { listUsableSeals, requireUsableSeal } from '../seal/seal.service';
import { findOwnUpload, keyOfAddress, storeGeneratedFile } from '../upload/upload.service';
import * as repo from './contract.repo';
import type { TContractDb, TContractListRow } from './contract.repo';

export const AUDIT_CONTRACT = 'order_contract';
const SMS_SCENE = 'contract_sign' as const;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const actionText: Record<string, string> = { upload: '承租方上传合同', sign: '服务商签署合同', void: '承租方作废合同' };

const fileUrl = (who: TOrderWho, c: Pick<TContractDb, 'id' | 'orderId'>, download = false) =>
  `/api/${who === 'tenant' ? 'rent/contract' : 'ep/contract'}/file?id=${c.id}&order_id=${c.orderId}${download ? '&download=1' : ''}`;

function rowView(c: TContractDb | TContractListRow, who: TOrderWho): TContractRow {
  const affirm = [fmt(msg.affirmUploaded, { time: shanghaiDateTime(c.createdAt) })];
  if (c.signedAt) affirm.push(fmt(msg.affirmSigned, { time: shanghaiDateTime(c.signedAt) }));
  else if (c.status === CONTRACT_STATUS.toSign) affirm.push(msg.affirmWaiting);
  if (c.voidedAt) affirm.push(fmt(msg.affirmVoided, { time: shanghaiDateTime(c.voidedAt) }));
  return {
    id: c.id,
    order_id: c.orderId,
    sn: c.sn,
    name: c.name,
    date: c.date,
    create_time_v: shanghaiDateTime(c.createdAt),
    affirm_v: affirm,
    status: c.status,
    status_v: CONTRACT_STATUS_TEXT[c.status] ?? '',
    provider_status: c.providerStatus,
    seal_v: c.signetId ? '企业印章' : '企业名称签章',
    view_url: fileUrl(who, c),
    download_url: fileUrl(who, c, true),
    sha256: c.signedSha256 ?? '',
    actions: actionsOf(CONTRACT_MACHINE, { status: c.status, provider_status: c.providerStatus }, who),
  };
}

/** The status after the side's action on the contract now (CONTRACT_MACHINE), else the one refusal CONTRACT_STATE. */
const mustAllow = (c: TContractDb, action: TContractAction, who: TOrderWho) => {
  const t = transitionOf(CONTRACT_MACHINE, { status: c.status, provider_status: c.providerStatus }, action, who);
  if (!t) throw new AppError('CONTRACT_STATE');
  return statusAfter(t, c.status);
};
async function requireContract(db: Executor, orderId: number, id: number) {
  const c = await repo.findContract(db, orderId, id);
  if (!c) throw new AppError('CONTRACT_NOT_FOUND');
  return c;
}

export type TContractPage = { data: TContractRow[]; total: number; sign_num: number; unsign_num: number };

/**
 * GET /rent/contract/lst and /ep/contract: an order's contracts for one side (the order must be that side's),.
 */
export async function listContracts(
  db: DB,
  who: TOrderWho,
  companyId: number,
  q: { id: number; status: number; page: number; size: number },
): Promise<TContractPage> {
  // one statement: the order (the side's, else 404), the page, the counts
  const all = q.status === -1;
  const values = all ? [q.size, (q.page - 1) * q.size] : [q.status, q.size, (q.page - 1) * q.size];
  const extra = all ? repo.contractListSql(null, '$2', '$3') : repo.contractListSql('$2', '$3', '$4');
  const { o, row } = await requireOrderScopeWith(
    db,
    who,
    companyId,
    q.id,
    `contract.list.${all ? 'all' : 'status'}`,
    extra,
    values,
  );
  const { rows, total, sign, unsign } = repo.contractListOf(o.id, row.contracts as never, row.contract_counts as never);
  return { data: rows.map((c) => rowView(c, who)), total, sign_num: sign, unsign_num: unsign };
}

/** GET /rent/contract/info: the upload form's data: the order and the tenant's passed seals. */
export async function contractInfo(db: Executor, companyId: number, orderId: number) {
  const o = await requireOrder(db, 'tenant', companyId, orderId);
  const [names, seals] = await Promise.all([
    findCompanyNames(db, [o.tenantCompanyId, o.providerCompanyId]),
    listUsableSeals(db, companyId),
  ]);
  return {
    order_id: o.id,
    order_sn: o.sn,
    project_name: o.projectName,
    tenant_name: names.get(o.tenantCompanyId) ?? '',
    provider_name: names.get(o.providerCompanyId) ?? '',
    seals: seals.map((s) => ({ id: s.id, name: s.name, image: s.image })),
  };
}

/**
 * POST /rent/contract/save: the tenant's PDF (its own upload, a real PDF) for an order in progress, with a passed seal
 * of its company or none (its name is drawn). Gated by §6. The order's timeline records it.
 */
export async function saveContract(
  deps: Pick<TDeps, 'db' | 'store' | 'config'>,
  actor: TActor,
  companyId: number,
  userId: number,
  v: TContractSave,
) {
  const db = deps.db;
  const o = await requireChainOrder(db, 'tenant', companyId, v.order_id, 'CONTRACT_ORDER_NOT_OPEN');
  await requireChainGate(db, o, 'tenant');
  const upload = await findOwnUpload(deps, userId, v.attachment, 'contract');
  const key = upload ? keyOfAddress(upload.path, deps.config.publicUrl) : null;
  const bytes = key ? await deps.store.get(key) : null;
  if (!upload || !bytes) throw new AppError('CONTRACT_FILE_MISSING');
  try {
    await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    throw new AppError('CONTRACT_NOT_PDF');
  }
  if (v.signet_id) await requireUsableSeal(db, companyId, v.signet_id);
  return inTx(db, async (tx) => {
    const status = statusAfter(transitionOf(CONTRACT_MACHINE, { status: null }, 'upload', 'tenant')!, null);
    const c = await repo.insertContract(tx, {
      status,
      orderId: o.id,
      tenantCompanyId: o.tenantCompanyId,
      providerCompanyId: o.providerCompanyId,
      sn: v.sn,
      name: v.name,
      date: v.date,
      file: upload.path,
      fileSha256: sha256(bytes),
      signetId: v.signet_id ?? null,
      createdBy: userId,
    });
    await recordAudit(tx, actor, {
      entity: AUDIT_CONTRACT,
      entityId: c.id,
      action: 'upload',
      from: null,
      to: status,
      reason: `${c.sn} ${c.name}`,
    });
    await recordOrderEvent(tx, actor, o, 'contract_upload', `${c.sn} ${c.name}`);
    await publishEvent(tx, {
      type: 'contract_sign',
      companyId: o.providerCompanyId,
      menu: MENU.leaseOrder,
      link: `/rent-order/contract/${o.id}`,
      vars: { sn: o.sn, name: c.name },
    });
    return { id: c.id };
  });
}

/** POST /rent/contract/cancel: the tenant voids a contract not yet signed (the word 确认 typed; the schema checks it). */
export async function voidContract(db: DB, actor: TActor, companyId: number, v: { order_id: number; id: number }) {
  const o = await requireOrder(db, 'tenant', companyId, v.order_id);
  await requireChainGate(db, o, 'tenant');
  await requireContract(db, o.id, v.id);
  await inTx(db, async (tx) => {
    const c = (await repo.lockContract(tx, v.id))!;
    const to = mustAllow(c, 'void', 'tenant');
    if (!(await repo.updateContract(tx, c.id, c.status, { status: to, voidedAt: new Date() })))
      throw new AppError('CONTRACT_STATE');
    await recordAudit(tx, actor, {
      entity: AUDIT_CONTRACT,
      entityId: c.id,
      action: 'void',
      from: c.status,
      to,
      reason: c.sn,
    });
    await recordOrderEvent(tx, actor, o, 'contract_void', `${c.sn} ${c.name}`);
  });
}

/** The provider's contract that may be signed now, with the gate; and the administrator the code goes to. */
export async function signable(db: Executor, companyId: number, v: { order_id: number; id: number }) {
  const o = await requireOrder(db, 'provider', companyId, v.order_id);
  const c = await requireContract(db, o.id, v.id);
  mustAllow(c, 'sign', 'provider');
  await requireChainGate(db, o, 'provider');
  const admin = await adminContact(db, companyId);
  if (!admin) throw new AppError('CONTRACT_NO_ADMIN_PHONE');
  return { o, c, admin };
}

/** POST /ep/ct_sendmsg: a signing code to the provider's administrator (60 s between sends, daily caps: the SMS service). */
export async function sendSignCode(
  deps: Pick<TDeps, 'db' | 'config' | 'sms'>,
  companyId: number,
  v: { order_id: number; id: number },
  ip: string,
) {
  const { admin } = await signable(deps.db, companyId, v);
  const r = await sendSmsCode(deps, admin.phone, SMS_SCENE, ip);
  return { ...r, phone: maskPhone(admin.phone) };
}

/**
 * POST /ep/ct_sign: the provider signs with the administrator's code (checked and used up before the transaction, so a
 * wrong try counts even when signing fails; 5 wrong tries kill the code). The local signer stamps both parties, the
 * signer and the time, appends the certificate and the contract's trail (its own events and this signature); the
 * SHA-256 of the result is recorded. Compare-and-set: two signatures at once sign once.
 */
export async function signContract(
  deps: Pick<TDeps, 'db' | 'store' | 'config'>,
  actor: TActor,
  companyId: number,
  userId: number,
  v: { order_id: number; id: number; code: string },
) {
  const s = await signable(deps.db, companyId, v);
  await verifySmsCode(deps.db, s.admin.phone, SMS_SCENE, v.code);
  return applySignature(deps, actor, userId, s);
}

/**
 * The signature itself, once the administrator's code was accepted (or, for demo data, without one: the SMS check is
 * the channel's part). Exported for the demo seed; requests go through signContract.
 */
export async function applySignature(
  deps: Pick<TDeps, 'db' | 'store' | 'config'>,
  actor: TActor,
  userId: number,
  { o, c: first, admin }: Awaited<ReturnType<typeof signable>>,
) {
  const db = deps.db;
  const original = await deps.store.get(keyOfAddress(first.file, deps.config.publicUrl) ?? '');
  if (!original) throw new AppError('CONTRACT_FILE_MISSING');
  const names = await findCompanyNames(db, [o.tenantCompanyId, o.providerCompanyId]);
  const seal = async (companyIdOf: number, signetId: number | null) => {
    const id = signetId ?? (await listUsableSeals(db, companyIdOf))[0]?.id;
    if (!id) return null;
    const s = await requireUsableSeal(db, companyIdOf, id).catch(() => null);
    const key = s ? keyOfAddress(s.image, deps.config.publicUrl) : null;
    return key ? deps.store.get(key) : null;
  };
  // one after the other: `db` may be a transaction (the demo seed signs inside its own), whose one connection must not
  // be asked a second statement while the first runs (node-postgres warns, and pg 9 refuses)
  const tenantSeal = await seal(o.tenantCompanyId, first.signetId);
  const providerSeal = await seal(o.providerCompanyId, null);
  return inTx(db, async (tx) => {
    const c = (await repo.lockContract(tx, first.id))!;
    const to = mustAllow(c, 'sign', 'provider');
    const now = new Date();
    const signer = `${admin.name}（${names.get(o.providerCompanyId) ?? ''}）`;
    await recordAudit(tx, actor, {
      entity: AUDIT_CONTRACT,
      entityId: c.id,
      action: 'sign',
      from: c.status,
      to,
      reason: `短信验证码 ${maskPhone(admin.phone)}`,
    });
    const trail = await listAuditTrail(tx, AUDIT_CONTRACT, c.id);
    const signed = await createContractSigner().sign({
      pdf: original,
      stamps: [
        { role: '甲方（承租方）', company: names.get(o.tenantCompanyId) ?? '', seal: tenantSeal },
        { role: '丙方（服务商）', company: names.get(o.providerCompanyId) ?? '', seal: providerSeal },
      ],
      signer,
      signedAt: shanghaiDateTime(now),
      certificate: [
        ['合同编号', c.sn],
        ['合同名称', c.name],
        ['合同日期', c.date],
        ['订单编号', o.sn],
        ['甲方（承租方）', names.get(o.tenantCompanyId) ?? ''],
        ['乙方（出租方）', LESSOR.invTitle],
        ['丙方（服务商）', names.get(o.providerCompanyId) ?? ''],
        ['签署人', signer],
        ['签署时间', shanghaiDateTime(now)],
        ['签署方式', `短信验证码（${maskPhone(admin.phone)}）`],
        ['原文件 SHA-256', c.fileSha256],
      ],
      events: trail.map((e) => [
        e.create_time,
        actionText[e.action] ?? e.action,
        [e.reason, e.ip && `IP ${e.ip}`].filter(Boolean).join('，'),
      ]),
    });
    const digest = sha256(signed);
    const path = await storeGeneratedFile(
      { db: tx as unknown as DB, store: deps.store },
      { kind: 'contract', format: 'pdf', bytes: signed, userId, companyId: o.tenantCompanyId },
    );
    const row = await repo.updateContract(tx, c.id, c.status, {
      status: to,
      providerStatus: 1,
      signedFile: path,
      signedSha256: digest,
      signedAt: now,
      signedBy: userId,
      signer,
    });
    if (!row) throw new AppError('CONTRACT_STATE');
    await recordOrderEvent(tx, actor, o, 'contract_sign', `${c.sn} ${c.name}`);
    return { id: c.id, sha256: digest };
  });
}

/** GET …/contract/file: the signed PDF once signed, else the uploaded one, to the order's two sides only. */
export async function contractFile(
  deps: Pick<TDeps, 'db' | 'store' | 'config'>,
  who: TOrderWho,
  companyId: number,
  orderId: number,
  id: number,
) {
  const o = await requireOrder(deps.db, who, companyId, orderId);
  const c = await requireContract(deps.db, o.id, id);
  const bytes = await deps.store.get(keyOfAddress(c.signedFile ?? c.file, deps.config.publicUrl) ?? '');
  if (!bytes) throw new AppError('CONTRACT_FILE_MISSING');
  return { bytes, filename: `${c.sn}-${c.name}${c.signedFile ? '（已签署）' : ''}.pdf` };
}

/** POST /site/verify: whether a PDF is a contract signed here, unchanged (its SHA-256 is a recorded signed file). */
export async function verifyContractPdf(db: Executor, bytes: Buffer): Promise<TVerifyResult> {
  const digest = sha256(bytes);
  const c = await repo.findBySignedSha(db, digest);
  if (!c) return { valid: false, msg: msg.verifyNo, sha256: digest, contract: null };
  const [{ sn: orderSn }, names] = await Promise.all([
    findOrderById(db, c.orderId).then((o) => ({ sn: o?.sn ?? '' })),
    findCompanyNames(db, [c.tenantCompanyId, c.providerCompanyId]),
  ]);
  return {
    valid: true,
    msg: msg.verifyOk,
    sha256: digest,
    contract: {
      sn: c.sn,
      name: c.name,
      date: c.date,
      order_sn: orderSn,
      tenant_name: names.get(c.tenantCompanyId) ?? '',
      lessor_name: LESSOR.invTitle,
      provider_name: names.get(c.providerCompanyId) ?? '',
      signed_at: shanghaiDateTime(c.signedAt),
      signer: c.signer,
    },
  };
}

/** The order detail's contract block (counts and the live contracts with their files) from its page, read in the detail's one statement (repo.contractListSql). */
export function contractSummaryOf(
  { rows, sign, unsign }: { rows: TContractListRow[]; sign: number; unsign: number },
  who: TOrderWho,
) {
  return {
    sign_num: sign,
    unsign_num: unsign,
    lst: rows.filter(isContractLive).map((c) => ({
      id: c.id,
      sn: c.sn,
      name: c.name,
      status_v: CONTRACT_STATUS_TEXT[c.status] ?? '',
      view_url: fileUrl(who, c),
      download_url: fileUrl(who, c, true),
      attachment: `${c.sn}-${c.name}.pdf`,
    })),
  };
}
