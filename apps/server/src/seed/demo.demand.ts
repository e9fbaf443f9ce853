import { DEMAND_STATE } from '@jizu/shared/constants/demand';
import { productsByName } from './demo.products';
import { quickDemands } from '../modules/demand/demand.tables';
import { recordAudit } from '../modules/audit/audit.service';
import type { TDemoAreaCtx } from './demo';

const DAY = 86_400_000;
type TDemoDemand = {
  company: number;
  user: number;
  p: number;
  num: number;
  time: number;
  state: number;
  approvedDaysAgo?: number;
  reason?: string;
  remark: string;
  city: [number, number, number];
  address: string;
};

/** Demo quick demands: the demo tenant's in every state (0, 1 with a reason, 2, 3) and a few passed ones of others for the hall. */
export async function seedDemandDemo(ctx: TDemoAreaCtx) {
  const { tx, users, companies: co } = ctx;
  const products = await productsByName(tx, [
    '履带式挖掘机',
    '小型挖掘机',
    '自卸车',
    '汽车起重机',
    '旋挖钻机',
    '单钢轮压路机',
  ]);
  if (products.length < 6) return;
  const now = Date.now();
  const rows: TDemoDemand[] = [
    {
      company: co.tenant,
      user: users.tenant,
      p: 0,
      num: 2,
      time: 30,
      state: DEMAND_STATE.passed,
      approvedDaysAgo: 1,
      remark: '张江地铁站施工需挖掘机两台，要求带破碎锤，持证机手',
      city: [31, 3101, 310115],
      address: '张江路1238号',
    },
    {
      company: co.tenant,
      user: users.tenant,
      p: 1,
      num: 1,
      time: 15,
      state: DEMAND_STATE.unreviewed,
      remark: '临时道路平整，需小型挖掘机一台，三日内进场',
      city: [31, 3101, 310115],
      address: '科苑路88号',
    },
    {
      company: co.tenant,
      user: users.tenant,
      p: 2,
      num: 3,
      time: 60,
      state: DEMAND_STATE.rejected,
      reason: '需求描述包含联系方式，请删除后重新提交',
      remark: '土方外运需自卸车三台',
      city: [31, 3101, 310115],
      address: '川沙路500号',
    },
    {
      company: co.tenant,
      user: users.tenant,
      p: 3,
      num: 1,
      time: 10,
      state: DEMAND_STATE.ended,
      approvedDaysAgo: 10,
      remark: '桥梁吊装需汽车吊一台',
      city: [31, 3101, 310115],
      address: '华夏中路1号',
    },
    {
      company: co.provider2,
      user: users.provider2,
      p: 4,
      num: 2,
      time: 45,
      state: DEMAND_STATE.passed,
      approvedDaysAgo: 2,
      remark: '厂房基础施工需旋挖钻机两台，按月结算',
      city: [33, 3301, 330106],
      address: '文三路90号',
    },
    {
      company: co.provider3,
      user: users.provider3,
      p: 5,
      num: 4,
      time: 90,
      state: DEMAND_STATE.passed,
      approvedDaysAgo: 0,
      remark: '高速公路养护需压路机四台，夜间施工',
      city: [34, 3401, 340104],
      address: '长江西路200号',
    },
  ];
  for (const r of rows) {
    const pr = products[r.p % products.length];
    const approved = r.approvedDaysAgo === undefined ? null : new Date(now - r.approvedDaysAgo * DAY);
    const [d] = await tx
      .insert(quickDemands)
      .values({
        companyId: r.company,
        userId: r.user,
        categoryId: pr.categoryId,
        groupId: pr.groupId,
        productId: pr.id,
        num: r.num,
        time: r.time,
        real: 6,
        remark: r.remark,
        province: r.city[0],
        city: r.city[1],
        area: r.city[2],
        address: r.address,
        contacts: '陈建国',
        tel: '13800000001',
        state: r.state,
        noLeaseReason: r.reason ?? '',
        approvedAt: approved,
        expiresAt: approved ? new Date(approved.getTime() + 6 * DAY) : null,
        createdAt: new Date(now - ((r.approvedDaysAgo ?? 0) + 1) * DAY),
      })
      .returning();
    await recordAudit(
      tx,
      { userId: r.user, companyId: r.company },
      { entity: 'quick_demand', entityId: d.id, action: 'submit', from: null, to: 0 },
    );
    if (r.state !== DEMAND_STATE.unreviewed)
      await recordAudit(
        tx,
        { userId: users.admin },
        {
          entity: 'quick_demand',
          entityId: d.id,
          action: r.state === DEMAND_STATE.rejected ? 'reject' : 'approve',
          from: 0,
          to: r.state === DEMAND_STATE.rejected ? 1 : 2,
          reason: r.reason,
        },
      );
  }
}
