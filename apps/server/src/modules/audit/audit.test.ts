import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTx } from '../../db/client';
import { createTestApp, seedUser } from '../../test/harness';
import { listAuditTrail, recordAudit } from './audit.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('audit trail', () => {
  it('records state changes in order, with actor, company, address and reason', async () => {
    const u = await seedUser(t.db);
    await recordAudit(
      t.db,
      { userId: u.user.id, companyId: u.company.id, ip: '10.0.0.9' },
      { entity: 'equipment', entityId: 7, action: 'submit', from: null, to: 0 },
    );
    await recordAudit(
      t.db,
      { userId: null },
      { entity: 'equipment', entityId: 7, action: 'reject', from: 0, to: 2, reason: '图片不清晰' },
    );
    await recordAudit(t.db, { userId: u.user.id }, { entity: 'equipment', entityId: 8, action: 'submit', to: 0 });
    const trail = await listAuditTrail(t.db, 'equipment', 7);
    expect(trail.map((e) => [e.action, e.from, e.to, e.actor_id, e.company_id, e.ip, e.reason])).toEqual([
      ['submit', '', '0', u.user.id, u.company.id, '10.0.0.9', ''],
      ['reject', '0', '2', null, null, '', '图片不清晰'],
    ]);
    expect(trail[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('vanishes with the transaction that made the change', async () => {
    await expect(
      inTx(t.db, async (tx) => {
        await recordAudit(
          tx,
          { userId: null },
          { entity: 'equipment', entityId: 99, action: 'approve', from: 0, to: 1 },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await listAuditTrail(t.db, 'equipment', 99)).toEqual([]);
  });
});
