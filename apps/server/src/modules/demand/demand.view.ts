import type { SQL } from 'drizzle-orm';
import { DEMAND_STATE, DEMAND_STATE_TEXT, demandOps } from '@jizu/shared/constants/demand';
import type { TDemandRow } from '@jizu/shared/schemas/demand';
import type { Executor } from '../../db/client';
import { arrayRow, sqlFromText } from '../../db/json-rows';
import { productNames, regionNames } from '../region/region.service';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { quickDemands } from './demand.tables';

export type TDemand = typeof quickDemands.$inferSelect;

/** A passed demand whose valid days are over reads as ended, whether or not the job has run. */
export const effectiveState = (d: Pick<TDemand, 'state' | 'expiresAt'>, now = Date.now()) =>
  d.state === DEMAND_STATE.passed && d.expiresAt && d.expiresAt.getTime() <= now ? DEMAND_STATE.ended : d.state;

export async function names(db: Executor, rows: TDemand[]) {
  const products = await productNames(
    db,
    rows.map((r) => r.productId),
  );
  const regions = await regionNames(
    db,
    rows.flatMap((r) => [r.province, r.city, r.area]),
  );
  return { products, regions };
}

/** What a demand's row shows: its columns but the owner's user and contact, and the approval and creation times. */
export type TDemandShown = Omit<TDemand, 'companyId' | 'userId' | 'contacts' | 'tel' | 'approvedAt' | 'createdAt'>;
/**
 * The list's row as a JSON array of the columns it shows (db/json-rows.ts arrayRow): not to_json of the whole row,
 * which carries the contacts the list never shows; the two times as JSON writes them (ISO 8601), made Dates after.
 */
export const DEMAND_ROW = arrayRow<
  Omit<TDemandShown, 'updatedAt' | 'expiresAt'> & { updatedAt: string; expiresAt: string | null }
>({
  id: 'd.id',
  categoryId: 'd.category_id',
  groupId: 'd.group_id',
  productId: 'd.product_id',
  num: 'd.num',
  time: 'd.time',
  real: 'd.real',
  remark: 'd.remark',
  address: 'd.address',
  province: 'd.province',
  city: 'd.city',
  area: 'd.area',
  lng: 'd.lng',
  lat: 'd.lat',
  state: 'd.state',
  noLeaseReason: 'd.no_lease_reason',
  updatedAt: 'd.updated_at',
  expiresAt: 'd.expires_at',
});

export function view(d: TDemandShown, n: Awaited<ReturnType<typeof names>>): TDemandRow {
  const state = effectiveState(d);
  const p = n.products.get(d.productId);
  return {
    id: d.id,
    eq_name: p?.product ?? '',
    label: p?.category ?? '',
    name: p?.product ?? '',
    category: d.categoryId,
    group: d.groupId,
    product: d.productId,
    num: d.num,
    time: d.time,
    real: d.real,
    remark: d.remark,
    address: d.address,
    region_v: [d.province, d.city, d.area].map((id) => n.regions.get(id) ?? '').join(''),
    province: d.province,
    city: d.city,
    area: d.area,
    lng: d.lng,
    lat: d.lat,
    state,
    state_v: DEMAND_STATE_TEXT[state] ?? '',
    no_lease_reason: state === DEMAND_STATE.rejected ? d.noLeaseReason : '',
    update_time: shanghaiDateTime(d.updatedAt),
    expire_date: d.expiresAt ? shanghaiDate(d.expiresAt) : '',
    op: demandOps(state),
  };
}

/** The condition of a state as it reads (a passed demand past its days is ended). */
/**
 * A state tab's condition over quick_demands as SQL text, its parameters through `p`: a passed demand past its days
 * reads as ended. The lists' named reads use the text; Drizzle's queries the same text (stateCond).
 */
export function stateText(state: number, p: (v: unknown) => string): string {
  const { passed, ended } = DEMAND_STATE;
  if (state === passed)
    return `(quick_demands.state = ${passed} and (quick_demands.expires_at is null or quick_demands.expires_at > ${p(new Date().toISOString())}::timestamptz))`;
  if (state === ended)
    return `(quick_demands.state = ${ended} or (quick_demands.state = ${passed} and quick_demands.expires_at <= ${p(new Date().toISOString())}::timestamptz))`;
  return `quick_demands.state = ${p(state)}`;
}
export function stateCond(state: number): SQL {
  const values: unknown[] = [];
  return sqlFromText(
    stateText(state, (v) => `$${values.push(v)}`),
    values,
  );
}
