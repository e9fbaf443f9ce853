import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, biddingLines, biddings, companies } from '../../db/schema';
import { AUDIT_ORDER } from './order.view';
import { REFERENCE_TABLES, markTables, statementTables, type TMarkPart } from '../../db/held';
import { machinePageSql } from '../machine/machine.repo';
import { MACHINE_LIST_MARK } from '../machine/machine.service';
import { orderMachines } from '../machine/machine.tables';
import { equipmentListings } from '../equipment/equipment.tables';
import { contractListSql } from '../contract/contract.repo';
import { CONTRACT_LIST_MARK } from '../contract/contract.service';
import { settlePageSql } from '../settle/settle.repo';
import { SETTLE_LIST_MARK } from '../settle/settle.service';
import { orderSettlements, settleInvoices } from '../settle/settle.tables';
import { addMember, captureStatements, createTestApp, seedUser } from '../../test/harness';
import { seedConfirmedOrder } from '../../test/order';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';
import { MENU } from '@jizu/shared/constants/menu';
import { orderContracts } from '../contract/contract.tables';
import { orderPayments, paymentFinancings } from '../orderpay/orderpay.tables';
import { DETAIL_PAGE_MARK, DETAIL_PAGE_SQL, HISTORY_MARK, HISTORY_SQL, ORDER_TOUCHED_BY, forgetOrderPages } from './order.service';
import { rentalOrderLines, rentalOrders } from './order.tables';
import { listEpoch } from '../../db/held.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
let statements: ReturnType<typeof captureStatements>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  statements = captureStatements(t.db);
});
afterAll(async () => t?.close());

const get = (url: string, h: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: h });

describe('the order detail page, held per process under the mark of its rows', () => {
  it('the statement of each held page reads no table its mark does not cover, and every table the order row stands for touches that row', async () => {
    const pages: [string, string, readonly TMarkPart[]][] = [
      ['detail', `select to_json(o) as o, ${DETAIL_PAGE_SQL} from rental_orders o where o.id = $1`, DETAIL_PAGE_MARK.parts],
      ['contracts', `select o.id from rental_orders o, ${contractListSql(null, '$2', '$3')}`, CONTRACT_LIST_MARK.parts],
      ['settlements', `select o.id from rental_orders o, ${settlePageSql(null, '$2', '$3', true)}`, SETTLE_LIST_MARK.parts],
      ['timeline', `select o.id, ${HISTORY_SQL} from rental_orders o`, HISTORY_MARK.parts],
      ['machines', `select o.id from rental_orders o, ${machinePageSql(null, '$2', '$3')}`, MACHINE_LIST_MARK.parts],
    ];
    for (const [page, text, parts] of pages) {
      const read = statementTables(text);
      const covered = new Set([...markTables(parts), ...REFERENCE_TABLES]);
      expect([...read].filter((x) => !covered.has(x)), page).toEqual([]);
    }
    expect(statementTables(pages[0][1]).size).toBeGreaterThanOrEqual(8);
    const res = (await t.db.execute(
      sql.raw(`select c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc f on f.oid = g.tgfoid where f.proname like 'order_touch%' and not g.tgisinternal`),
    )) as unknown as { rows: { t: string }[] };
    expect([...new Set(res.rows.map((r) => r.t))].sort()).toEqual([...ORDER_TOUCHED_BY].sort());
  });

  it('sends the held page while nothing under it changed, and the fresh page after any change of a row under it, on either side', async () => {
    const s = await seedConfirmedOrder(t);
    const o = s.order;
    const urls = {
      tenant: [`/api/rent/order/lst`, `/api/rent/order/detail?id=${o.id}`, `/api/rent/contract/lst?id=${o.id}`, `/api/rent/settle/lst?id=${o.id}`, `/api/rent/order/history?id=${o.id}&size=3`, `/api/rent/order/eplst?id=${o.id}`],
      provider: [`/api/ep/order`, `/api/ep/detail_order?id=${o.id}`, `/api/ep/contract?id=${o.id}`, `/api/ep/settle?id=${o.id}`, `/api/ep/order/history?id=${o.id}&size=3`, `/api/ep/ct_eplst?id=${o.id}`],
    };
    const auth = { tenant: s.tenant.auth, provider: s.provider.auth };
    /** the side's held pages (the detail, the contract list, the settlement list, the timeline's newest), their texts one after the other */
    const read = async (who: 'tenant' | 'provider') => {
      const out: string[] = [];
      for (const url of urls[who]) {
        const r = await get(url, auth[who]);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(r.json(), url).toMatchObject({ status: 1 });
        out.push(r.body);
      }
      return out.join('\n');
    };
    forgetOrderPages(t.db);
    const bodies = { tenant: await read('tenant'), provider: await read('provider') };
    statements.take();
    expect(await read('tenant')).toBe(bodies.tenant);
    expect(await read('provider')).toBe(bodies.provider);
    // the held pages came from the light statement alone: the mark, not the page's
    const sent = statements.take().join('\n');
    expect(sent).toContain('concat_ws(');
    expect(sent).toContain('list_epoch');
    expect(sent).not.toContain('json_build_array');

    const [line] = await t.db.select().from(rentalOrderLines).where(eq(rentalOrderLines.orderId, o.id));
    const [payment] = await t.db
      .insert(orderPayments)
      .values({ sn: 'FKHELD0001', orderId: o.id, settleId: 900_001, settleSn: 'JS-HELD', month: '2026-10', tenantCompanyId: s.tenant.company.id, providerCompanyId: s.provider.company.id, payAmount: 500_000, providerAmount: 480_000, cashDate: '2026-12-31', state: 2 })
      .returning();
    const changes: [string, () => Promise<unknown>][] = [
      ['a payment opened', async () => undefined],
      ['a line changed', () => t.db.update(rentalOrderLines).set({ num: line.num + 1 }).where(eq(rentalOrderLines.id, line.id))],
      ['a contract uploaded', () => t.db.insert(orderContracts).values({ orderId: o.id, tenantCompanyId: s.tenant.company.id, providerCompanyId: s.provider.company.id, sn: 'HT-HELD', name: '租赁合同', date: '2026-11-01', file: 'contract/x.pdf', fileSha256: 'a'.repeat(64), createdBy: s.tenant.user.id })],
      ['the contract signed', () => t.db.update(orderContracts).set({ status: 1, signedAt: new Date() }).where(eq(orderContracts.orderId, o.id))],
      ['the payment partly paid', () => t.db.update(orderPayments).set({ tenantPaid: 100_000 }).where(eq(orderPayments.id, payment.id))],
      ['a financing applied', () => t.db.insert(paymentFinancings).values({ paymentId: payment.id, orderId: o.id, providerCompanyId: s.provider.company.id, orderNo: 'RZHELD0001', applyAmount: 480_000, rateBp: 600, interest: 1_000, createdBy: s.provider.user.id })],
      ['the financing withdrawn', () => t.db.delete(paymentFinancings).where(eq(paymentFinancings.paymentId, payment.id))],
      [
        'the tenant company renamed',
        async () => {
          await t.db.update(companies).set({ name: '改名后的建设有限公司' }).where(eq(companies.id, s.tenant.company.id));
          // the tenant's held membership names the company: its next request answers 409 once (platform/fused.ts), a list's here
          await get('/api/rent/order/lst', s.tenant.auth);
        },
      ],
      ['the bidding line changed', () => t.db.update(biddingLines).set({ time: 45 }).where(eq(biddingLines.id, line.biddingLineId!))],
      ['the bidding changed', () => t.db.update(biddings).set({ sn: 'JJHELD0001' }).where(eq(biddings.id, s.bidding.id))],
      ['the contract deleted', () => t.db.delete(orderContracts).where(eq(orderContracts.orderId, o.id))],
      [
        'a settlement submitted',
        () =>
          t.db.insert(orderSettlements).values({ sn: 'JSHELD0001', orderId: o.id, tenantCompanyId: s.tenant.company.id, providerCompanyId: s.provider.company.id, settleSn: 'JS-HELD-1', month: '2026-10', date: '2026-10-31', taxTotal: 500_000, serRatioBp: 300, serTotal: 15_000, providerTotal: 485_000, createdBy: s.tenant.user.id }),
      ],
      ['the settlement settled', () => t.db.update(orderSettlements).set({ status: 1, providerAffirm: 1, lessorAffirm: 1, confirmedAt: new Date() }).where(eq(orderSettlements.orderId, o.id))],
      [
        'an invoice added',
        async () => {
          const [st] = await t.db.select().from(orderSettlements).where(eq(orderSettlements.orderId, o.id));
          await t.db.insert(settleInvoices).values({ settleId: st.id, invoiceType: 1, invId: '032001900111', invNo: '12345678', invDate: '2026-11-01', invTaxAmount: 485_000, createdBy: s.provider.user.id });
        },
      ],
      ['the invoice changed', () => t.db.update(settleInvoices).set({ invNo: '87654321' }).where(eq(settleInvoices.invNo, '12345678'))],
      ['the invoice removed', () => t.db.delete(settleInvoices).where(eq(settleInvoices.invNo, '87654321'))],
      [
        'a machine entered',
        async () => {
          const l = await seedListing(t.db, s.provider.company.id, s.provider.user.id, { model: 'SY75C-HELD' });
          await t.db.insert(orderMachines).values({ orderId: o.id, providerCompanyId: s.provider.company.id, listingId: l.id, enterDate: '2026-11-01', createdBy: s.provider.user.id });
        },
      ],
      ['the listing of the machine changed', () => t.db.update(equipmentListings).set({ model: 'SY75C-HELD-2' }).where(eq(equipmentListings.model, 'SY75C-HELD'))],
      ['the machine exited', () => t.db.update(orderMachines).set({ status: 1, exitDate: '2026-11-20' }).where(eq(orderMachines.orderId, o.id))],
      [
        'an event on the timeline',
        () => t.db.insert(auditEvents).values({ entity: AUDIT_ORDER, entityId: o.id, action: 'contract_upload', fromStatus: '2', toStatus: '2', reason: '外部写入的动态', actorId: s.tenant.user.id }),
      ],
    ];
    // the payment was inserted before the first step: the held pages from before must not be sent
    for (const [what, change] of changes) {
      await change();
      // both sides' pages were held before the change: these two reads go through the mark
      const now = { tenant: await read('tenant'), provider: await read('provider') };
      const again = { tenant: await read('tenant'), provider: await read('provider') };
      forgetOrderPages(t.db);
      const afresh = { tenant: await read('tenant'), provider: await read('provider') };
      expect(now, `${what}: the page sent is the fresh one`).toEqual(afresh);
      expect(again, `${what}: and held again`).toEqual(afresh);
      // each change shows on at least one side's page (the provider's does not show what the tenant paid)
      const shown = now.tenant !== bodies.tenant || now.provider !== bodies.provider;
      Object.assign(bodies, now);
      expect(shown, what).toBe(true);
    }
    expect(JSON.parse(bodies.tenant.split('\n')[1]).data).toMatchObject({ tenant_name: '改名后的建设有限公司', bidding_sn: 'JJHELD0001', contract: { lst: [] } });
    expect(JSON.parse(bodies.provider.split('\n')[0]).data.data[0]).toMatchObject({ id: o.id, tenant_name: '改名后的建设有限公司', bidding_sn: 'JJHELD0001' });
  });

  it('a held page goes to no one the order is not for: another company, a provider before the order reaches it, a sub-user without the grant, a stranger', async () => {
    const s = await seedConfirmedOrder(t);
    const o = s.order;
    expect((await get(`/api/rent/order/detail?id=${o.id}`, s.tenant.auth)).json()).toMatchObject({ status: 1 });
    expect((await get(`/api/ep/detail_order?id=${o.id}`, s.provider.auth)).json()).toMatchObject({ status: 1 });
    const other = await seedUser(t.db, { companyName: '无关建设有限公司' });
    for (const u of [`/api/rent/order/detail?id=${o.id}`, `/api/ep/detail_order?id=${o.id}`]) expect((await get(u, other.auth)).json()).toMatchObject({ status: 0, msg: '订单不存在或已删除' });
    // the provider holds its side's page; the tenant's side of the same order is not the provider's
    expect((await get(`/api/rent/order/detail?id=${o.id}`, s.provider.auth)).json()).toMatchObject({ status: 0, msg: '订单不存在或已删除' });
    expect((await get(`/api/ep/detail_order?id=${o.id}`, s.tenant.auth)).json()).toMatchObject({ status: 0, msg: '订单不存在或已删除' });
    const sub = await seedUser(t.db);
    await addMember(t.db, s.tenant.company.id, sub.user.id, { menus: [MENU.leaseOrder] });
    expect((await get(`/api/rent/order/detail?id=${o.id}&company_id=${s.tenant.company.id}`, sub.auth)).statusCode).toBe(403);
    expect((await get(`/api/rent/order/detail?id=${o.id}`)).statusCode).toBe(401);
  });
});

describe('the order lists, held per process under the company\'s version of its orders', () => {
  const epochs = async (ids: number[], db: Pick<typeof t.db, 'select'> = t.db) => {
    const rows = await db.select().from(listEpoch).where(eq(listEpoch.list, 'order'));
    return ids.map((id) => rows.find((r) => r.companyId === id)?.n ?? 0);
  };

  it('the list\'s statement reads no table its mark does not cover', async () => {
    const s = await seedConfirmedOrder(t);
    forgetOrderPages(t.db);
    statements.take();
    expect((await get('/api/rent/order/lst', s.tenant.auth)).json()).toMatchObject({ status: 1 });
    const [page] = statements.take().filter((x) => x.includes('json_build_array'));
    const covered = new Set(['rental_orders', ...ORDER_TOUCHED_BY, 'biddings', 'companies', ...REFERENCE_TABLES]);
    expect([...statementTables(page)].filter((x) => !covered.has(x))).toEqual([]);
    expect(statementTables(page)).toEqual(new Set(['rental_orders', 'rental_order_lines', 'biddings', 'companies']));
  });

  it('a writing transaction raises the version of both companies of the order once, at commit; a rolled-back one none', async () => {
    const s = await seedConfirmedOrder(t);
    const [tn, pv] = [s.tenant.company.id, s.provider.company.id];
    const before = await epochs([tn, pv]);
    const [line] = await t.db.select().from(rentalOrderLines).where(eq(rentalOrderLines.orderId, s.order.id));
    // twice: the transaction-local list of companies raised must start empty in the next transaction of the session
    for (const k of [1, 2]) {
      await t.db.transaction(async (tx) => {
        await tx.update(rentalOrderLines).set({ num: line.num + k }).where(eq(rentalOrderLines.id, line.id));
        await tx.update(rentalOrders).set({ projectName: `改过两次的项目${k}` }).where(eq(rentalOrders.id, s.order.id));
        await tx.insert(auditEvents).values({ entity: AUDIT_ORDER, entityId: s.order.id, action: 'contract_upload', fromStatus: '2', toStatus: '2', reason: '一次事务', actorId: s.tenant.user.id });
        // raised at commit, not before (read in the transaction: PGlite has one connection)
        expect(await epochs([tn, pv], tx)).toEqual([before[0] + k - 1, before[1] + k - 1]);
      });
      expect(await epochs([tn, pv])).toEqual([before[0] + k, before[1] + k]);
    }
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(rentalOrders).set({ projectName: '不会留下的名称' }).where(eq(rentalOrders.id, s.order.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await epochs([tn, pv])).toEqual([before[0] + 2, before[1] + 2]);
  });

  it('sends the held list while none of the company\'s orders changed, and the fresh one after an order of it joins, changes or leaves', async () => {
    const s = await seedConfirmedOrder(t);
    const other = await seedConfirmedOrder(t);
    const lists = [
      ['tenant', '/api/rent/order/lst', s.tenant.auth],
      ['tenant tab 2', '/api/rent/order/lst?status=2&size=5', s.tenant.auth],
      ['tenant by project', `/api/rent/order/lst?project_name=${encodeURIComponent('项目')}`, s.tenant.auth],
      ['provider', '/api/ep/order', s.provider.auth],
      ['provider page 2', '/api/ep/order?page=2&size=1', s.provider.auth],
    ] as const;
    const read = async () => {
      const out: string[] = [];
      for (const [what, url, auth] of lists) {
        const r = await get(url, auth);
        expect(r.json(), what).toMatchObject({ status: 1 });
        out.push(r.body);
      }
      return out;
    };
    forgetOrderPages(t.db);
    let bodies = await read();
    statements.take();
    expect(await read()).toEqual(bodies);
    expect(statements.take().filter((x) => x.includes('json_build_array'))).toEqual([]);
    // another company's order changing is not this company's: still held
    await t.db.update(rentalOrders).set({ projectName: '别家的项目' }).where(eq(rentalOrders.id, other.order.id));
    expect(await read()).toEqual(bodies);
    expect(statements.take().filter((x) => x.includes('json_build_array'))).toEqual([]);

    const [row] = await t.db.select().from(rentalOrders).where(eq(rentalOrders.id, s.order.id));
    const { id: _id, ...copy } = row;
    const changes: [string, () => Promise<unknown>][] = [
      ['an order joins', () => t.db.insert(rentalOrders).values({ ...copy, sn: 'DDHELD0002', offerId: null, projectName: '新加入的项目' })],
      ['its status changes', () => t.db.update(rentalOrders).set({ status: 4, reason: '列表测试关闭' }).where(eq(rentalOrders.sn, 'DDHELD0002'))],
      ['a line of the first order changes', () => t.db.update(rentalOrderLines).set({ num: 7 }).where(eq(rentalOrderLines.orderId, s.order.id))],
      ['the provider renamed', () => t.db.update(companies).set({ name: '改名后的租赁有限公司' }).where(eq(companies.id, s.provider.company.id))],
      ['the bidding renumbered', () => t.db.update(biddings).set({ sn: 'JJHELD0002' }).where(eq(biddings.id, s.bidding.id))],
      ['the order leaves', () => t.db.delete(rentalOrders).where(eq(rentalOrders.sn, 'DDHELD0002'))],
    ];
    for (const [what, change] of changes) {
      await change();
      // the provider's held membership names the company: after a rename its next request answers 409 once (platform/fused.ts)
      if (what === 'the provider renamed') await get('/api/ep/order', s.provider.auth);
      const now = await read();
      const again = await read();
      forgetOrderPages(t.db);
      const afresh = await read();
      expect(now, `${what}: the list sent is the fresh one`).toEqual(afresh);
      expect(again, `${what}: and held again`).toEqual(afresh);
      expect(now, what).not.toEqual(bodies);
      bodies = now;
    }
    expect(JSON.parse(bodies[0]).data.data[0]).toMatchObject({ id: s.order.id, provider_name: '改名后的租赁有限公司', bidding_sn: 'JJHELD0002' });
  });

  it('transactions writing several orders each, of crossing pairs of companies, at once: none waits for another in turn, and each company is raised once per transaction', async () => {
    const s = await seedConfirmedOrder(t);
    const cos = [s.tenant.company.id, s.provider.company.id, ...(await Promise.all([1, 2].map((k) => seedUser(t.db, { companyName: `交叉${k}建设有限公司` })))).map((u) => u.company.id)];
    const [row] = await t.db.select().from(rentalOrders).where(eq(rentalOrders.id, s.order.id));
    const { id: _id, ...copy } = row;
    // an order of every ordered pair: a transaction's orders name the companies in every order
    const pairs = cos.flatMap((a) => cos.filter((b) => b !== a).map((b) => [a, b] as const));
    const orders = await t.db
      .insert(rentalOrders)
      .values(pairs.map(([a, b], i) => ({ ...copy, sn: `DDX${String(i).padStart(4, '0')}`, offerId: null, tenantCompanyId: a, providerCompanyId: b })))
      .returning({ id: rentalOrders.id, a: rentalOrders.tenantCompanyId, b: rentalOrders.providerCompanyId });
    const before = await epochs(cos);
    // 40 transactions, each writing 3 of the orders (a repeatable pick), by id: the orders' own row locks are taken in
    // one order, so only the raise at commit could make two wait for each other in turn (the companies of orders in
    // id order come in no order)
    const picks = Array.from({ length: 40 }, (_, k) => [...new Set([0, 1, 2].map((j) => orders[(k * 7 + j * 5 + ((k * j) % 3)) % orders.length]))].sort((x, y) => x.id - y.id));
    const results = await Promise.allSettled(
      picks.map((mine, k) =>
        t.db.transaction(async (tx) => {
          for (const o of mine) await tx.update(rentalOrders).set({ projectName: `交叉写入${k}` }).where(eq(rentalOrders.id, o.id));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const touched = (id: number) => picks.filter((mine) => mine.some((o) => o.a === id || o.b === id)).length;
    expect(await epochs(cos)).toEqual(cos.map((id, i) => before[i] + touched(id)));
  });

  it('a search by the other party\'s name is read afresh: a company renamed into it joins at once', async () => {
    const s = await seedConfirmedOrder(t);
    const url = `/api/rent/order/lst?company=${encodeURIComponent('星辰')}`;
    expect((await get(url, s.tenant.auth)).json().data.total).toBe(0);
    await t.db.update(companies).set({ name: '星辰机械租赁有限公司' }).where(eq(companies.id, s.provider.company.id));
    expect((await get(url, s.tenant.auth)).json().data).toMatchObject({ total: 1, data: [{ id: s.order.id, provider_name: '星辰机械租赁有限公司' }] });
  });

  it('a held list goes to no one else: another company, a sub-user without the grant, a stranger', async () => {
    const s = await seedConfirmedOrder(t);
    expect((await get('/api/rent/order/lst', s.tenant.auth)).json().data.data.map((o: { id: number }) => o.id)).toContain(s.order.id);
    const other = await seedUser(t.db, { companyName: '无关租赁有限公司' });
    expect((await get('/api/rent/order/lst', other.auth)).json().data).toEqual({ data: [], total: 0 });
    expect((await get('/api/ep/order', other.auth)).json().data).toEqual({ data: [], total: 0 });
    // the tenant's list is not the provider's
    expect((await get('/api/ep/order', s.tenant.auth)).json().data.data.map((o: { id: number }) => o.id)).not.toContain(s.order.id);
    const sub = await seedUser(t.db);
    await addMember(t.db, s.tenant.company.id, sub.user.id, { menus: [MENU.leaseOrder] });
    expect((await get(`/api/rent/order/lst?company_id=${s.tenant.company.id}`, sub.auth)).statusCode).toBe(403);
    expect((await get('/api/rent/order/lst')).statusCode).toBe(401);
  });
});
