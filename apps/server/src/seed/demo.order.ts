import { and, asc, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { vaultOf } from '../platform/crypto';
import { rentalOrders } from '../modules/order/order.tables';
import { closeOrder, confirmOrder, returnOrder, submitOrder } from '../modules/order/order.service';
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
    .where(and(eq(rentalOrders.tenantCompanyId, co.tenant), eq(rentalOrders.providerCompanyId, co.provider), eq(rentalOrders.status, 0)))
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
          ? { type: 0, address: '上海市浦东新区张江路 1238 号中铁大厦 18 层', telphone: '021-50801238', bank: '中国建设银行上海张江支行', bank_no: '31050161393600001238' }
          : { type: 1, address: '', telphone: '', bank: '', bank_no: '' },
      order_invoice_address: { name: '刘会计', phone: '13900001111', province: 31, city: 3101, area: 310115, address: '张江路 1238 号中铁大厦 18 层财务部', remark: '' },
    });
  const confirm = (id: number) =>
    confirmOrder(db, vault, provider, co.provider, { id, contacts: '王立恒', tel: '13800000002', bank_name: '中国工商银行苏州高新区支行', bank_no: '1102020109000015888', agree: 1 });

  const a = byName('世博文化公园');
  const b = byName('虹桥枢纽');
  const c = byName('金桥产业园');
  const d = byName('北横通道');
  if (a) await submit(a.id, '世博文化公园配套道路工程压路机租赁', 1);
  if (b) {
    await submit(b.id, '虹桥枢纽配套管廊基坑挖掘机租赁', 0);
    await confirm(b.id);
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
