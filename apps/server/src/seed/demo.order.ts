import { and, asc, eq } from 'drizzle-orm';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { latestPastDate } from '@jizu/shared/rules/pastDate';
import { fenToYuanPlain } from '@jizu/shared/rules/money';
import type { DB } from '../db/client';
import { vaultOf } from '../platform/crypto';
import { rentalOrders } from '../modules/order/order.tables';
import { closeOrder, confirmOrder, returnOrder, submitOrder } from '../modules/order/order.moves.service';
import { applySignature, saveContract, signable } from '../modules/contract/contract.service';
import { storeGeneratedFile } from '../modules/upload/upload.service';
import { PdfWriter, hasCjkFont } from '../platform/pdf';
import { enterMachine, exitMachine } from '../modules/machine/machine.service';
import { acknowledgeInspection } from '../modules/machine/machine.inspect.service';
import { ACK_STATUS, INSPECTION_KIND } from '@jizu/shared/constants/machine';
import { approvedListingIds } from '../modules/equipment/equipment.service';
import { applyFinanceEvent } from '../modules/orderpay/orderpay.finance.service';
import {
  applyReceiptSignature,
  findFinancingByNo,
  findPaymentOfSettlement,
  goFinancing,
  returnPayment,
} from '../modules/orderpay/orderpay.service';
import { collectPayment } from '../modules/orderpay/orderpay.admin.service';
import { SandboxFinance } from '../platform/finance';
import { findOrderById } from '../modules/order/order.service';
import { issueLessorInvoice, saveInvoice, submitInvoices } from '../modules/settle/settle.invoice.service';
import { confirmSettle, receiveInvoice, saveSettle, voidSettle } from '../modules/settle/settle.service';
import { DemoPictures } from './demo.machines';
import type { TActor } from '../modules/audit/audit.service';
import type { TDemoAreaCtx } from './demo';

/**
 * The demo tenant's and the demo provider's orders in each state the chain has so far: the draft orders of the
 * completed demo biddings (demo.bidding.ts) go through the services, so each has its real trail: one stays a draft,
 * one is submitted and waits for the provider, one is confirmed (in progress), one returned with a reason, one closed.
 */
export async function seedOrderDemo(ctx: TDemoAreaCtx) {
  const { tx, config, users, companies: co } = ctx;
  const db = tx as unknown as DB; // the services open their own transaction: a savepoint inside the demo's
  const vault = vaultOf(config);
  const tenant = { userId: users.tenant, companyId: co.tenant, ip: '127.0.0.1' };
  const provider = { userId: users.provider, companyId: co.provider, ip: '127.0.0.1' };
  const drafts = await tx
    .select()
    .from(rentalOrders)
    .where(
      and(
        eq(rentalOrders.tenantCompanyId, co.tenant),
        eq(rentalOrders.providerCompanyId, co.provider),
        eq(rentalOrders.status, 0),
      ),
    )
    .orderBy(asc(rentalOrders.id));
  const byName = (part: string) => drafts.find((o) => o.projectName.includes(part));
  const submit = (id: number, name: string, invoice: 0 | 1) =>
    submitOrder(db, vault, tenant, co.tenant, {
      id,
      project_name: name,
      project_type: 2,
      project_address: '上海市浦东新区张江路与科苑路交叉口',
      remark: '请按项目部通知分批进场，进场前提供设备合格证及机手操作证',
      order_party: { contacts: '陈建国', tel: '13800000001' },
      order_invoice:
        invoice === 0
          ? {
              type: 0,
              address: '上海市浦东新区张江路 1238 号中铁大厦 18 层',
              telphone: '021-50801238',
              bank: '中国建设银行上海张江支行',
              bank_no: '31050161393600001238',
            }
          : { type: 1, address: '', telphone: '', bank: '', bank_no: '' },
      order_invoice_address: {
        name: '刘会计',
        phone: '13900001111',
        province: 31,
        city: 3101,
        area: 310115,
        address: '张江路 1238 号中铁大厦 18 层财务部',
        remark: '',
      },
    });
  const confirm = (id: number) =>
    confirmOrder(db, vault, provider, co.provider, {
      id,
      contacts: '王立恒',
      tel: '13800000002',
      bank_name: '中国工商银行苏州高新区支行',
      bank_no: '1102020109000015888',
      agree: 1,
    });

  const a = byName('世博文化公园');
  const b = byName('虹桥枢纽');
  const c = byName('金桥产业园');
  const d = byName('北横通道');
  if (a) await submit(a.id, '世博文化公园配套道路工程压路机租赁', 1);
  if (b) {
    await submit(b.id, '虹桥枢纽配套管廊基坑挖掘机租赁', 0);
    await confirm(b.id);
    // its contracts: the main one signed by the provider, a supplement waiting for the signature
    const deps = { db, store: ctx.store, config };
    // without Debian's Chinese font no contract PDF can be written or signed: the demo goes on without contracts
    if (!hasCjkFont())
      console.warn(
        'demo: fonts-noto-cjk is missing, so the demo order has no contracts (apt-get install fonts-noto-cjk)',
      );
    for (const [sn, name, sign] of hasCjkFont()
      ? ([
          ['HQ-GL-2026-018', '挖掘机租赁合同', true],
          ['HQ-GL-2026-018-B1', '挖掘机租赁补充协议', false],
        ] as const)
      : []) {
      const pdf = await contractPdf(sn, name);
      const path = await storeGeneratedFile(deps, {
        kind: 'contract',
        format: 'pdf',
        bytes: pdf,
        userId: users.tenant,
        companyId: co.tenant,
      });
      const { id } = await saveContract(deps, tenant, co.tenant, users.tenant, {
        order_id: b.id,
        attachment: path,
        sn,
        name,
        date: latestPastDate(),
      });
      if (sign)
        await applySignature(deps, provider, users.provider, await signable(db, co.provider, { order_id: b.id, id }));
    }
    // two of the provider's machines on site, one already gone: inspected at entry and exit (fuel, a damage found
    // at the exit with its photo); the tenant confirmed the second's entry and disputes the first's exit
    const ids = await approvedListingIds(db, co.provider, 10);
    if (ids.length >= 3) {
      const first = await enterMachine(deps, provider, co.provider, users.provider, {
        order_id: b.id,
        eid: ids[0],
        enter_date: shanghaiDay(-20),
        enter_hours: 32_456,
        enter_photos: [],
        enter_fuel: 8,
        enter_damage: [],
      });
      const second = await enterMachine(deps, provider, co.provider, users.provider, {
        order_id: b.id,
        eid: ids[1],
        enter_date: shanghaiDay(-12),
        enter_hours: 8_120,
        enter_photos: [],
        enter_fuel: 6,
        enter_damage: [],
      });
      const dent = await storeGeneratedFile(deps, {
        kind: 'inout',
        format: 'jpg',
        bytes: await (ctx.pictures ?? new DemoPictures()).take(DAMAGE_SVG),
        userId: users.provider,
        companyId: co.provider,
      });
      await exitMachine(deps, provider, co.provider, users.provider, {
        id: first.id,
        exit_date: shanghaiDay(-2),
        exit_hours: 33_890,
        exit_photos: [],
        exit_fuel: 2,
        exit_damage: [{ desc: '斗杆左侧油缸护板凹陷约10厘米，漆面刮伤', photos: [dent] }],
      });
      await acknowledgeInspection(db, tenant, co.tenant, users.tenant, {
        id: second.id,
        kind: INSPECTION_KIND.enter,
        ack: ACK_STATUS.confirmed,
        note: '',
      });
      await acknowledgeInspection(db, tenant, co.tenant, users.tenant, {
        id: first.id,
        kind: INSPECTION_KIND.exit,
        ack: ACK_STATUS.disputed,
        note: '护板凹陷为进场前旧伤，进场照片可见；退场油量与现场加油记录不符，请核对',
      });
    }
    await seedSettlements(
      deps,
      ctx.pictures ?? new DemoPictures(),
      b.id,
      { tenant, provider, staff: { userId: users.admin, companyId: null, ip: '127.0.0.1' } },
      users,
      co,
    );
  }
  if (c) {
    await submit(c.id, '金桥产业园厂房吊装设备租赁', 1);
    await returnOrder(db, provider, co.provider, c.id, '吊装台班数与现场核实不符，请核对后重新提交');
  }
  if (d) {
    await submit(d.id, '北横通道东段土方外运装载机租赁', 1);
    await closeOrder(db, tenant, co.tenant, d.id, '土方外运改由总包单位自行组织');
  }
}

/** A short contract in Chinese, as a tenant would upload it. */
async function contractPdf(sn: string, name: string): Promise<Buffer> {
  const w = await PdfWriter.create({ title: name, footer: sn });
  w.title(name);
  w.fields([
    ['合同编号', sn],
    ['签订地点', '上海市浦东新区'],
    ['甲方（承租方）', '中铁建设集团华东工程有限公司'],
    ['乙方（出租方）', '机租通（北京）科技有限公司'],
    ['丙方（服务商）', '江苏恒力工程机械租赁有限公司'],
  ]);
  w.heading('第一条 租赁设备');
  w.paragraph('丙方按订单约定向甲方项目提供履带式挖掘机（SY215C）8台月，设备状况良好、证照齐全，机手持证上岗。');
  w.heading('第二条 租金与结算');
  w.paragraph(
    '租金按订单约定的含税单价按月结算，甲方每月5日前确认上月结算单，乙方按平台规则通过供应链金融服务向丙方付款。',
  );
  w.heading('第三条 进退场');
  w.paragraph('设备进场、退场以平台记录的进退场日期为准，工作天数据此计算；进出场费按订单约定执行。');
  w.heading('第四条 其他');
  w.paragraph('本合同经各方在机租通平台电子签署后生效，签署文件的摘要由平台留存，可在“合同验真”页面核验。');
  return w.finish();
}

/** A photo of a damage found at an exit inspection: a dented, scratched yellow guard plate. */
const DAMAGE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="100%" height="100%" fill="#5a5f66"/><rect x="90" y="110" width="620" height="380" rx="18" fill="#e8b417"/><ellipse cx="400" cy="300" rx="120" ry="70" fill="#b88c0f"/><ellipse cx="392" cy="292" rx="70" ry="38" fill="#8f6c0b"/><path d="M180,200 L520,420 M200,190 L560,410 M230,170 L600,400" stroke="#3b3b3b" stroke-width="4" opacity=".7"/><rect x="0" y="560" width="800" height="40" fill="#0006"/><text x="20" y="587" font-size="18" fill="#fff" font-family="Noto Sans CJK SC, sans-serif">退场验收：斗杆左侧油缸护板凹陷、刮伤</text></svg>`;

/** A photo of a signed settlement sheet (a plain image with its number): the voucher the tenant uploads. */
function voucherSvg(sn: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560"><rect width="100%" height="100%" fill="#fbfaf6"/><rect x="30" y="30" width="740" height="500" fill="none" stroke="#999" stroke-width="2"/><text x="400" y="120" font-size="44" text-anchor="middle" font-family="Noto Sans CJK SC, sans-serif">设备租赁结算单</text><text x="80" y="220" font-size="28" font-family="Noto Sans CJK SC, sans-serif">结算单号：${sn}</text><text x="80" y="290" font-size="28" font-family="Noto Sans CJK SC, sans-serif">项目：虹桥枢纽配套管廊基坑</text><text x="80" y="360" font-size="28" font-family="Noto Sans CJK SC, sans-serif">承租方、服务商签字确认</text><circle cx="620" cy="420" r="70" fill="none" stroke="#c33" stroke-width="5"/></svg>`;
}
/** The settlements' month (Beijing time, 2026-05) and their sheets' numbers, by their number in the month (1–6). */
const settleMonth = () => shanghaiDay().slice(0, 7);
const settleSn = (month: string, n: number) => `HQ-JS-${month.replace('-', '')}-${n}`;

/** The settlement vouchers, drawn ahead (demo.ts) while earlier areas write their rows. */
export function drawOrderPictures(pictures: DemoPictures) {
  const month = settleMonth();
  for (let n = 1; n <= 6; n++) pictures.draw(voucherSvg(settleSn(month, n)));
  pictures.draw(DAMAGE_SVG);
}

/**
 * Settlements of the demo order in progress in each state: received (4), to receive the platform's invoice (3),
 * settled awaiting the provider's invoices (1), to confirm (0) and voided (2), moved through the services.
 */
async function seedSettlements(
  deps: { db: DB; store: TDemoAreaCtx['store']; config: TDemoAreaCtx['config'] },
  pictures: DemoPictures,
  orderId: number,
  a: { tenant: TActor; provider: TActor; staff: TActor },
  users: TDemoAreaCtx['users'],
  co: TDemoAreaCtx['companies'],
) {
  const month = settleMonth();
  const today = shanghaiDay();
  const make = async (n: number, total: string) => {
    const sn = settleSn(month, n);
    const path = await storeGeneratedFile(deps, {
      kind: 'settle',
      format: 'jpg',
      bytes: await pictures.take(voucherSvg(sn)),
      userId: users.tenant,
      companyId: co.tenant,
    });
    const { id } = await saveSettle(deps, a.tenant, co.tenant, users.tenant, {
      order_id: orderId,
      month,
      date: latestPastDate(),
      settle_sn: sn,
      tax_total: Math.round(Number(total) * 100),
      attachment: [path],
      reason: '按双方签字的结算单金额',
    });
    return { order_id: orderId, id };
  };
  const settleAndInvoice = async (ref: { order_id: number; id: number }, invNo: string, providerTotalFen: number) => {
    await confirmSettle(deps.db, a.provider, co.provider, ref);
    await saveInvoice(deps.db, a.provider, co.provider, users.provider, {
      settle_id: ref.id,
      order_id: orderId,
      invoice_type: 1,
      inv_id: '032002600111',
      inv_no: invNo,
      inv_date: today,
      verify_no: '482913',
      inv_tax_amount: fenToYuanPlain(providerTotalFen),
    });
    await submitInvoices(deps.db, a.provider, co.provider, ref);
  };
  const fee = (fen: number) => fen - Math.round((fen * deps.config.settleServiceRatioBp) / 10_000);
  const r4 = await make(1, '120000.00');
  await settleAndInvoice(r4, '10000001', fee(12_000_000));
  await issueLessorInvoice(deps.db, a.staff, r4.id, { inv_no: '31000001', inv_date: today });
  await receiveInvoice(deps.db, a.tenant, co.tenant, r4);
  const r3 = await make(2, '86500.00');
  await settleAndInvoice(r3, '10000002', fee(8_650_000));
  await issueLessorInvoice(deps.db, a.staff, r3.id, { inv_no: '31000002', inv_date: today });
  const r1 = await make(3, '64200.00');
  await confirmSettle(deps.db, a.provider, co.provider, r1);
  await make(4, '38000.00');
  const r2 = await make(5, '12000.00');
  await voidSettle(deps.db, a.tenant, co.tenant, r2);
  // a settled month whose payment the provider returned: the platform's console corrects and re-issues it
  const r6 = await make(6, '15600.00');
  await confirmSettle(deps.db, a.provider, co.provider, r6);
  await seedPayments(deps, orderId, a, users, co, [r4.id, r3.id, r6.id]);
}

/**
 * Payments of the demo order (opened by the confirmed settlements): the first signed, financed and paid out by the
 * partner, the tenant's transfer recorded in full (completed); the second signed with a financing application under
 * the partner's review and a part of the tenant's transfer in; the third waits for the provider's signature; the
 * fourth was returned by the provider with its reason, for the platform to correct.
 */
async function seedPayments(
  deps: { db: DB; config: TDemoAreaCtx['config'] },
  orderId: number,
  a: { tenant: TActor; provider: TActor; staff: TActor },
  users: TDemoAreaCtx['users'],
  co: TDemoAreaCtx['companies'],
  settleIds: number[],
) {
  const o = (await findOrderById(deps.db, orderId))!;
  const finance = new SandboxFinance({
    secret: deps.config.finance.secret,
    publicUrl: deps.config.publicUrl,
    callbackBase: deps.config.finance.callbackBase,
  });
  const today = shanghaiDay();
  const [done, review] = [
    await findPaymentOfSettlement(deps.db, settleIds[0]),
    await findPaymentOfSettlement(deps.db, settleIds[1]),
  ];
  if (!done || !review) return;
  for (const p of [done, review]) await applyReceiptSignature(deps.db, a.provider, o, p.id, users.provider);
  const apply = async (id: number) => {
    const { url } = await goFinancing({ db: deps.db, finance }, a.provider, co.provider, users.provider, {
      order_id: orderId,
      id,
    });
    return url.split('/').pop() as string;
  };
  const no = await apply(done.id);
  const fin = (await findFinancingByNo(deps.db, no))!;
  await applyFinanceEvent(deps.db, {
    order_no: no,
    event: 'APPROVED',
    amount: fin.applyAmount,
    interest: fin.interest,
  });
  await applyFinanceEvent(deps.db, { order_no: no, event: 'LOANED', amount: fin.applyAmount, interest: fin.interest });
  await collectPayment(deps.db, a.staff, done.id, {
    amount: done.payAmount,
    bank_ref: 'DEMO-TT-0001',
    paid_date: today,
  });
  await apply(review.id);
  await collectPayment(deps.db, a.staff, review.id, { amount: 3_000_000, bank_ref: 'DEMO-TT-0002', paid_date: today });
  const returned = await findPaymentOfSettlement(deps.db, settleIds[2]);
  if (returned)
    await returnPayment(deps.db, a.provider, co.provider, {
      order_id: orderId,
      id: returned.id,
      reason: '应收金额未按合同约定的1%服务费计算，请核对后重新开立',
    });
}
