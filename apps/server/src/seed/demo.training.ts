import { eq } from 'drizzle-orm';
import { ENROL_STATE } from '@jizu/shared/constants/training';
import { idCardCheckChar, idCardProfile, maskIdCard } from '@jizu/shared/rules/identity';
import { payOrders, personAuths, trainingEnrolments, trainingMajors, users as userRows } from '../db/schema';
import { vaultOf } from '../platform/crypto';
import { PLATFORM_ACTOR, recordAudit } from '../modules/audit/audit.service';
import { shanghaiDate } from '@jizu/shared/rules/datetime';
import { recordStoredUpload } from '../modules/upload/upload.service';
import { insertPersonAuth } from '../modules/verify/verify.service';
import type { TDemoAreaCtx } from './demo';
import { writeDemoIdImages } from './demo.verify';

const DAY = 86_400_000;

const MAJORS = [
  {
    name: '挖掘机操作',
    price: 280_000,
    content:
      '面向零基础及转岗学员：挖掘机构造与保养、安全操作规程、基础动作与挖沟、装车、平整场地等实操训练，共 30 天（理论 6 天、实操 24 天），考核合格颁发结业证书并推荐就业。',
  },
  {
    name: '装载机操作',
    price: 260_000,
    content:
      '装载机结构原理、日常维护、铲装与运输作业、场地倒运实操，共 25 天，小班教学、一人一机，考核合格颁发结业证书。',
  },
  {
    name: '起重机司机（特种作业）',
    price: 350_000,
    content:
      '流动式起重机司机（Q2）特种设备作业人员培训：起重力学、吊索具选用、指挥信号、吊装方案与实操，共 45 天，培训合格后组织参加市场监管部门的资格考试。',
  },
  {
    name: '高空作业平台',
    price: 180_000,
    content:
      '剪叉式与曲臂式高空作业平台操作、防坠落与安全带使用、作业前检查与应急处置，共 10 天，考核合格颁发 IPAF/国内操作证培训证明。',
  },
];

/**
 * Training demo: four majors, and a learner with a paid and an unpaid enrolment. The demo operator's personal
 * verification waits in the review queue (the verify journey decides it), so the learner is 刘志强 (provider2), who
 * passed personal verification: 挖掘机操作 paid 20 days ago, 装载机操作 enrolled 2 days ago whose 10-minute order
 * lapsed (已关闭, 重新支付 on the registration list).
 */
export async function seedTrainingDemo({ tx, store, config, users }: TDemoAreaCtx) {
  const now = Date.now();
  const majors = await tx
    .insert(trainingMajors)
    .values(
      MAJORS.map((m, i) => ({
        ...m,
        sort: i + 1,
        createdAt: new Date(now - 60 * DAY),
        updatedAt: new Date(now - 60 * DAY),
      })),
    )
    .returning();
  for (const m of majors)
    await recordAudit(
      tx,
      { userId: users.admin },
      { entity: 'training_major', entityId: m.id, action: 'create', from: null, to: m.status },
    );

  const learner = users.provider2;
  const [{ name }] = await tx.select({ name: userRows.username }).from(userRows).where(eq(userRows.id, learner));
  const first17 = '33010619880715451';
  const card = first17 + idCardCheckChar(first17);
  const images = await writeDemoIdImages(store, `演示样例 · ${name}`);
  for (const img of [images.face, images.back])
    await recordStoredUpload(tx, {
      key: img.key,
      kind: 'charter',
      bytes: img.bytes,
      mime: 'image/jpeg',
      userId: learner,
    });
  const auth = await insertPersonAuth(tx, vaultOf(config), {
    userId: learner,
    name,
    card,
    cardFace: `/uploads/${images.face.key}`,
    cardBack: `/uploads/${images.back.key}`,
    status: 1,
  });
  await tx
    .update(personAuths)
    .set({ reviewerId: users.admin, reviewedAt: new Date(now - 40 * DAY), createdAt: new Date(now - 41 * DAY) })
    .where(eq(personAuths.id, auth.id));
  const profile = idCardProfile(card, shanghaiDate(new Date(now)));

  const enrol = async (
    major: (typeof majors)[number],
    sn: string,
    education: string,
    payType: string,
    daysAgo: number,
    paid: boolean,
  ) => {
    const at = new Date(now - daysAgo * DAY);
    await tx.insert(payOrders).values({
      orderSn: sn,
      kind: 'reg',
      userId: learner,
      subject: `培训报名费-${major.name}`,
      amount: major.price,
      payType,
      state: paid ? 'SUCCESS' : 'CLOSED',
      payload: {},
      tradeNo: paid ? `DEMO${sn}` : '',
      expiresAt: new Date(at.getTime() + 10 * 60_000),
      paidAt: paid ? new Date(at.getTime() + 2 * 60_000) : null,
      closedAt: paid ? null : new Date(at.getTime() + 10 * 60_000),
      createdAt: at,
    });
    const [e] = await tx
      .insert(trainingEnrolments)
      .values({
        userId: learner,
        majorId: major.id,
        course: major.name,
        price: major.price,
        education,
        payType,
        payOrderSn: sn,
        state: paid ? ENROL_STATE.paid : ENROL_STATE.unpaid,
        name,
        cardMask: maskIdCard(card),
        sex: profile?.sex ?? '',
        age: profile?.age ?? 0,
        createdAt: at,
        paidAt: paid ? new Date(at.getTime() + 2 * 60_000) : null,
      })
      .returning();
    await tx
      .update(payOrders)
      .set({ payload: { enrol_id: e.id } })
      .where(eq(payOrders.orderSn, sn));
    await recordAudit(
      tx,
      { userId: learner },
      { entity: 'training_enrolment', entityId: e.id, action: 'apply', from: null, to: ENROL_STATE.unpaid },
    );
    if (paid)
      await recordAudit(tx, PLATFORM_ACTOR, {
        entity: 'training_enrolment',
        entityId: e.id,
        action: 'pay',
        from: ENROL_STATE.unpaid,
        to: ENROL_STATE.paid,
      });
  };
  await enrol(majors[0], 'PDEMOREG000000000001', '高中', 'wx', 20, true);
  await enrol(majors[1], 'PDEMOREG000000000002', '中专', 'chinaums', 2, false);
}
