import { NUM_UNIT } from '@jizu/shared/constants/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import { settle as msg } from '@jizu/shared/messages/settle';
import { daysBetween, lastDayOfMonth, shanghaiDay } from '@jizu/shared/rules/datetime';
import { bpToPercentText, fenToYuanPlain, fenToYuanText, mulDivRound, yuanToFen } from '@jizu/shared/rules/money';
import type { TSettleDraft } from '@jizu/shared/schemas/settle';
import type { Executor } from '../../db/client';
import { machinesForDraft } from '../machine/machine.service';
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

/**
 * The draft of a month (GET /rent/settle/addPre): each machine of the order priced by the order line of its product
 * (else the first line): by month, the days in the month / 30 of the monthly tax-inclusive price; by shift or day,
 * the days × the price; by hour, the hour meter's difference when it entered and left within the month. Other units
 * (by quantity) are not derived from machines: the tenant enters them.
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
  const out: { text: string; amount_v: string }[] = [];
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
    });
  }
  return {
    draft: {
      order_id: orderId,
      month,
      lines: out,
      total: fenToYuanPlain(total),
      total_v: fenToYuanText(total),
      ser_ratio_v: bpToPercentText(bp),
    },
    fen: total,
  };
}
