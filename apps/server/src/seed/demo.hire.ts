import { RECRUIT_STATUS } from '@jizu/shared/constants/recruit';
import type { TRecruitSave } from '@jizu/shared/schemas/recruit';
import { recordAudit } from '../modules/audit/audit.service';
import { insertRecruit } from '../modules/recruit/recruit.repo';
import { AUDIT, columnsOf } from '../modules/recruit/recruit.service';
import { isRegionPath } from '../modules/region/region.service';
import type { TDemoAreaCtx } from './demo';

const DAY = 86_400_000;
type TDemoHire = {
  co: 'tenant' | 'provider' | 'provider2' | 'provider3';
  status: number;
  daysAgo: number;
  reason?: string;
  v: Omit<TRecruitSave, 'type' | 'company_id' | 'lng' | 'lat'>;
};
const at = (province: number, city: number, area: number, address: string) => ({ province, city, area, address });
const pay = (min: number, max: number) => ({ negotiation: 2 as const, salary_min: min, salary_max: max });
const NEGOTIABLE = { negotiation: 1 as const, salary_min: null, salary_max: null };

/**
 * Demo hiring demands: the demo tenant's in every status (1 pending, 2 hiring, 3 succeeded, 4 closed, 5 rejected with
 * its reason) and hiring ones of the providers, so the hiring hall shows several categories and regions.
 */
const ROWS: TDemoHire[] = [
  {
    co: 'tenant',
    status: RECRUIT_STATUS.hiring,
    daysAgo: 1,
    v: {
      ...at(31, 3101, 310115, '张江路1238号地铁站项目部'),
      resume_category: 1,
      working_days: 90,
      ...pay(9000, 12000),
      content: '张江地铁站基坑开挖，招聘20吨级挖掘机机手两名，持证上岗，包吃住，月休四天，工资按月结算。',
    },
  },
  {
    co: 'tenant',
    status: RECRUIT_STATUS.pending,
    daysAgo: 0,
    v: {
      ...at(31, 3101, 310115, '科苑路88号'),
      resume_category: 2,
      working_days: 30,
      ...pay(8000, 10000),
      content: '临时道路平整需装载机司机一名，三日内到岗，有三年以上经验优先。',
    },
  },
  {
    co: 'tenant',
    status: RECRUIT_STATUS.succeeded,
    daysAgo: 20,
    v: {
      ...at(31, 3101, 310115, '华夏中路1号桥梁工地'),
      resume_category: 5,
      working_days: 15,
      ...pay(12000, 15000),
      content: '桥梁吊装招聘50吨汽车吊司机一名，需持特种作业操作证，白班为主。',
    },
  },
  {
    co: 'tenant',
    status: RECRUIT_STATUS.closed,
    daysAgo: 30,
    v: {
      ...at(31, 3101, 310115, '川沙路500号'),
      resume_category: 4,
      working_days: 20,
      ...NEGOTIABLE,
      content: '厂区道路碾压需压路机司机一名，工期约二十天，待遇面议。',
    },
  },
  {
    co: 'tenant',
    status: RECRUIT_STATUS.rejected,
    daysAgo: 2,
    reason: '招聘说明过于简单，请补充工作内容、工作时间与食宿安排',
    v: {
      ...at(31, 3101, 310115, '龙阳路2000号'),
      resume_category: 9,
      working_days: 60,
      ...pay(6000, 7500),
      content: '仓库招聘叉车司机，长期稳定。',
    },
  },
  {
    co: 'provider',
    status: RECRUIT_STATUS.hiring,
    daysAgo: 2,
    v: {
      ...at(32, 3205, 320505, '科技城锦峰路158号'),
      resume_category: 12,
      working_days: 120,
      ...pay(13000, 16000),
      content: '厂房桩基施工招聘旋挖钻机机手两名，熟悉三一SR285优先，提供宿舍，工资月结。',
    },
  },
  {
    co: 'provider',
    status: RECRUIT_STATUS.hiring,
    daysAgo: 3,
    v: {
      ...at(32, 3205, 320505, '滨河路工业园'),
      resume_category: 14,
      working_days: 45,
      ...NEGOTIABLE,
      content: '钢结构厂房安装招聘高空作业平台操作员，需持高处作业证，夜班另有补贴。',
    },
  },
  {
    co: 'provider2',
    status: RECRUIT_STATUS.hiring,
    daysAgo: 4,
    v: {
      ...at(33, 3301, 330106, '文三路90号'),
      resume_category: 13,
      working_days: 60,
      ...pay(11000, 14000),
      content: '商业综合体主体浇筑招聘混凝土泵车操作手一名，会日常保养，服从现场安排。',
    },
  },
  {
    co: 'provider2',
    status: RECRUIT_STATUS.hiring,
    daysAgo: 5,
    v: {
      ...at(44, 4403, 440305, '科技园南区深南大道'),
      resume_category: 7,
      working_days: 180,
      ...pay(15000, 18000),
      content: '超高层项目招聘塔式起重机司机两名，持证三年以上，两班倒，包食宿。',
    },
  },
  {
    co: 'provider3',
    status: RECRUIT_STATUS.hiring,
    daysAgo: 1,
    v: {
      ...at(34, 3401, 340104, '长江西路200号'),
      resume_category: 4,
      working_days: 90,
      ...pay(8500, 10500),
      content: '高速公路养护招聘压路机司机三名，夜间施工为主，有双钢轮经验优先。',
    },
  },
  {
    co: 'provider3',
    status: RECRUIT_STATUS.hiring,
    daysAgo: 6,
    v: {
      ...at(42, 4201, 420106, '武珞路628号'),
      resume_category: 2,
      working_days: 30,
      ...pay(8000, 9500),
      content: '市政道路改造招聘装载机司机一名，五十铲，白班，工期约一个月。',
    },
  },
  {
    co: 'provider3',
    status: RECRUIT_STATUS.pending,
    daysAgo: 0,
    v: {
      ...at(51, 5101, 510107, '武侯大道二段'),
      resume_category: 11,
      working_days: 40,
      ...pay(10000, 12000),
      content: '沥青路面摊铺招聘摊铺机操作手一名，熟悉福格勒机型，项目结束可续聘。',
    },
  },
];

export async function seedHireDemo(ctx: TDemoAreaCtx) {
  const { tx, users, companies } = ctx;
  // the regions are reference data: a database without them (some tests) gets no hiring demands
  if (!(await isRegionPath(tx, 31, 3101, 310115))) return;
  const now = Date.now();
  // oldest first, so ids follow publishing dates: the lists and the hall (newest id first) read in date order
  for (const r of [...ROWS].sort((x, y) => y.daysAgo - x.daysAgo)) {
    const userId = users[r.co];
    const companyId = companies[r.co];
    const created = new Date(now - (r.daysAgo + 1) * DAY);
    const decided = r.status === RECRUIT_STATUS.pending ? null : new Date(created.getTime() + DAY / 2);
    const cols = await columnsOf(tx, { ...r.v, lng: null, lat: null } as TRecruitSave);
    const row = await insertRecruit(tx, {
      ...cols,
      companyId,
      userId,
      auditStatus: r.status,
      auditReason: r.reason ?? '',
      approvedAt: r.status === RECRUIT_STATUS.rejected ? null : decided,
      endedAt:
        r.status === RECRUIT_STATUS.succeeded || r.status === RECRUIT_STATUS.closed
          ? new Date(now - r.daysAgo * DAY)
          : null,
      createdAt: created,
      updatedAt: decided ?? created,
    });
    const owner = { userId, companyId };
    const admin = { userId: users.admin };
    await recordAudit(tx, owner, { entity: AUDIT, entityId: row.id, action: 'submit', from: null, to: 1 });
    if (r.status === RECRUIT_STATUS.rejected)
      await recordAudit(tx, admin, {
        entity: AUDIT,
        entityId: row.id,
        action: 'reject',
        from: 1,
        to: 5,
        reason: r.reason,
      });
    else if (r.status !== RECRUIT_STATUS.pending)
      await recordAudit(tx, admin, { entity: AUDIT, entityId: row.id, action: 'approve', from: 1, to: 2 });
    if (r.status === RECRUIT_STATUS.succeeded || r.status === RECRUIT_STATUS.closed)
      await recordAudit(tx, owner, { entity: AUDIT, entityId: row.id, action: 'end', from: 2, to: r.status });
  }
}
