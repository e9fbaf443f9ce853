import { NUM_UNIT } from '@jizu/shared/constants/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import { settle as msg } from '@jizu/shared/messages/settle';
import { daysBetween, lastDayOfMonth, shanghaiDay } from '@jizu/shared/rules/datetime';
import { bpToPercentText, fenToYuanPlain, fenToYuanText, mulDivRound, yuanToFen } from '@jizu/shared/rules/money';
import type { TSettleDraft } from '@jizu/shared/schemas/settle';
import type { Executor } from '../../db/client';
import { ACK_STATUS } from '@jizu/shared/constants/machine';
import { machine as machineMsg } from '@jizu/shared/messages/machine';
import { machinesForDraft } from '../machine/machine.service';
import { disputeViews } from '../machine/machine.inspect.service';
import { findOrderById, orderLineViews } from '../order/order.service';

// ---------- the draft ----------

/** Days of [enter, exit or today] inside the month (yyyy-MM), both ends counted. */
function daysInMonth(month: string, enter: string, exit: string | null): number {
  const start = `${month}-01`;
  const last = lastDayOfMonth(month);
  const from = enter > start ? enter : start;
  const toCap = exit ?? shanghaiDay();
  const to = toCap < last ? toCap : last;
  if (to < from) return 0;
  return daysBetween(from, to) + 1;
}

const hoursText = (tenths: number) => (tenths / 10).toFixed(1);
/**
 * The hour-meter hours shown beside a machine's work days in a month's draft. The meter is read at entry and at
 * exit only, so the hours are exit − entry (the whole stay), shown in the month of the exit (the month whose
 * by-hour price uses them); in a month the machine is still on site at its end, only the entry reading is known
 * and the draft says so; without readings it says that none were recorded.
 */
function hoursOf(
  month: string,
  m: { enterHours: number | null; exitHours: number | null; exitDate: string | null },
): string {
  if (m.enterHours === null) return machineMsg.hoursNone;
  const from = hoursText(m.enterHours);
  if (m.exitHours !== null && m.exitDate?.startsWith(month))
    return fmt(machineMsg.hoursBetween, {
      from,
      to: hoursText(m.exitHours),
      hours: hoursText(m.exitHours - m.enterHours),
    });
  if (m.exitDate === null || m.exitDate > lastDayOfMonth(month)) return fmt(machineMsg.hoursOpen, { from });
  return machineMsg.hoursNone;
}

/**
 * The draft of a month (GET /rent/settle/addPre): each machine of the order priced by the order line of its product
 * (else the first line): by month, the days in the month / 30 of the monthly tax-inclusive price; by shift or day,
 * the days × the price; by hour, the hour meter's difference when it entered and left within the month. Other units
 * (by quantity) are not derived from machines: the tenant enters them. Beside each line: its work days and hour-meter
 * hours (hoursOf); below them the month's disputed inspections (dated in the month, of any machine of the order).
 */
export async function settleDraft(
  db: Executor,
  orderId: number,
  month: string,
  bp: number,
): Promise<{ draft: TSettleDraft; fen: number }> {
  const o = await findOrderById(db, orderId);
  // one after the other: `db` may be a transaction (the demo seed drafts inside its own), whose one connection must not
  // be asked a second statement while the first runs
  const lines = o ? await orderLineViews(db, o) : [];
  const machines = await machinesForDraft(db, orderId);
  const out: TSettleDraft['lines'] = [];
  let total = 0;
  for (const m of machines) {
    const line = lines.find((l) => l.eq_product_v === m.product) ?? lines[0];
    if (!line) continue;
    const days = daysInMonth(month, m.enterDate, m.exitDate);
    if (!days) continue;
    const price = yuanToFen(line.tax_total) ?? 0;
    let amount = 0;
    if (line.unit === NUM_UNIT.month) amount = mulDivRound(price, days, 30);
    else if (line.unit === NUM_UNIT.shift || line.unit === NUM_UNIT.day) amount = price * days;
    else if (
      line.unit === NUM_UNIT.hour &&
      m.exitHours !== null &&
      m.enterHours !== null &&
      m.exitDate?.startsWith(month)
    )
      amount = mulDivRound(price, m.exitHours - m.enterHours, 10);
    if (!amount) continue;
    total += amount;
    out.push({
      text: fmt(msg.draftLine, {
        name: `${m.product} ${m.model}（设备编号${m.id}）`,
        days,
        price: fenToYuanText(price),
        unit: line.privce_unit,
      }),
      amount_v: fenToYuanText(amount),
      days,
      hours_v: hoursOf(month, m),
    });
  }
  const disputes = disputeViews(
    machines.flatMap((m) =>
      m.inspections
        .filter((i) => i.ackStatus === ACK_STATUS.disputed && i.date.startsWith(month))
        .map((i) => ({
          machineId: i.machineId,
          listingId: m.id,
          kind: i.kind,
          date: i.date,
          note: i.ackNote,
          name: `${m.product} ${m.model}`.trim(),
        })),
    ),
  );
  return {
    draft: {
      order_id: orderId,
      month,
      lines: out,
      total: fenToYuanPlain(total),
      total_v: fenToYuanText(total),
      ser_ratio_v: bpToPercentText(bp),
      disputes,
    },
    fen: total,
  };
}
