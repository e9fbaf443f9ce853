import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZRecruitSave } from '@jizu/shared/schemas/recruit';
import { users } from '../db/schema';
import { createSession } from '../platform/session';
import { demoApp } from '../test/demo';
import { recruits } from '../modules/recruit/recruit.tables';
import { DEMO_ACCOUNTS } from './demo';

const demo = demoApp();

describe('demo hiring demands', () => {
  it('cover every status, pass the form rules, and fill the hall across categories and regions', async () => {
    const rows = await demo.t.db.select().from(recruits);
    expect(new Set(rows.map((r) => r.auditStatus))).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const r of rows) {
      const parsed = ZRecruitSave.safeParse({
        province: r.province,
        city: r.city,
        area: r.area,
        address: r.address,
        resume_category: r.resumeCategory,
        working_days: r.workingDays,
        salary_min: r.salaryMin,
        salary_max: r.salaryMax,
        negotiation: r.negotiation,
        content: r.content,
      });
      expect(parsed.error?.issues ?? [], r.content).toEqual([]);
      expect(r.auditReason !== '', r.content).toBe(r.auditStatus === 5);
    }
    const hall = (await demo.t.app.inject({ method: 'GET', url: '/api/site/hire?size=50' })).json().data;
    expect(hall.total).toBeGreaterThanOrEqual(6);
    expect(new Set(hall.data.map((r: { category: number }) => r.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(hall.data.map((r: { province_v: string }) => r.province_v)).size).toBeGreaterThanOrEqual(5);

    // the demo tenant's own list has one of each status, the rejected one with its reason
    const [tenant] = await demo.t.db.select().from(users).where(eq(users.phone, DEMO_ACCOUNTS.tenant.phone));
    const { token } = await createSession(demo.t.db, tenant.id, { ip: '127.0.0.1', userAgent: 'test', days: 1 });
    const mine = (
      await demo.t.app.inject({
        method: 'GET',
        url: '/api/recruit/recruit?size=20',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data;
    expect(mine.data.map((r: { audit_status: number }) => r.audit_status).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(mine.data.find((r: { audit_status: number }) => r.audit_status === 5).audit_reason).not.toBe('');
    // newest first by id, and so by publishing date (the ids follow the dates)
    const times = (rows: { create_time: string }[]) => rows.map((r) => r.create_time);
    expect(times(mine.data)).toEqual([...times(mine.data)].sort().reverse());
    expect(times(hall.data)).toEqual([...times(hall.data)].sort().reverse());
  });
});
