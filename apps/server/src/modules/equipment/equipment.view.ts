import {
  LISTING_REVIEW,
  LISTING_REVIEW_TEXT,
  LISTING_STATE_TEXT,
  SERIAL_TYPES,
} from '@jizu/shared/constants/equipment';
import { SITE } from '@jizu/shared/constants/site';
import type { TListingDetail, TListingRow as TListingRowView } from '@jizu/shared/schemas/equipment';
import type { TParamDef } from '@jizu/shared/schemas/region';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { Executor } from '../../db/client';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { regionNames } from '../region/region.service';
import * as repo from './equipment.repo';

/** A listing's row and detail views (the company's device list and form, the console's review). */

type TNamed = { l: repo.TListingRow; product: string; isOther: boolean; group: string; category: string };

const serialLabel = (t: number) => SERIAL_TYPES.find((s) => s.value === t)?.label ?? '';

export async function rowsView(db: Executor, named: TNamed[]): Promise<TListingRowView[]> {
  const names = await regionNames(
    db,
    named.flatMap((r) => [r.l.province, r.l.city, r.l.area]),
  );
  return named.map(({ l, product, isOther, group, category }) => ({
    id: l.id,
    cover: l.cover,
    product_name: l.productId,
    product_name_v: isOther && l.productAlias ? l.productAlias : product,
    model: l.model,
    brand: l.brand,
    group_v: group,
    category_v: category,
    monthly_rent: l.monthlyRent,
    monthly_rent_v: fenToYuanText(l.monthlyRent),
    rent_rent: l.rentRent,
    rent_rent_v: fenToYuanText(l.rentRent),
    hourly_rent: l.hourlyRent,
    hourly_rent_v: fenToYuanText(l.hourlyRent),
    state: l.state,
    state_v: LISTING_STATE_TEXT[l.state] ?? '',
    has_lease: l.hasLease,
    is_lease: l.reviewStatus,
    is_lease_v: LISTING_REVIEW_TEXT[l.reviewStatus] ?? '',
    on_sell: l.onSell,
    update_time: shanghaiDateTime(l.updatedAt),
    province: l.province,
    city: l.city,
    area: l.area,
    province_v: names.get(l.province) ?? '',
    city_v: names.get(l.city) ?? '',
    area_v: names.get(l.area) ?? '',
    reason: l.reviewStatus === LISTING_REVIEW.rejected ? l.reviewReason : '',
    href: SITE.device(l.id),
  }));
}

export async function detailView(db: Executor, named: TNamed): Promise<TListingDetail> {
  const [row] = await rowsView(db, [named]);
  const { l } = named;
  const chain = await repo.findProductChain(db, l.productId);
  const defs = (chain?.product.params ?? []) as TParamDef[];
  // the row's fields spread last: a spread first and 21 fields after it turn the copy into a slow dictionary object
  // (order.view's orderDetailView tells how); the serialiser writes the schema's key order either way
  return {
    category: l.categoryId,
    group: l.groupId,
    product_another_name: l.productAlias,
    is_other: named.isOther,
    playing_time: l.playingTime,
    working_hours: l.workingHours,
    explain: l.explain,
    appearance_image: l.images,
    nameplate: l.nameplate,
    serial_type: l.serialType,
    serial_type_v: serialLabel(l.serialType),
    serial_number: l.serialNumber,
    cs: l.params,
    params_v: defs
      .filter((d) => (l.params[d.key] ?? '') !== '')
      .map((d) => ({ key: d.key, name: d.name, value: l.params[d.key], unit: d.unit })),
    attribute: l.attribute,
    company: l.units,
    address: l.address,
    full_address: `${row.province_v}${row.city_v}${row.area_v}${l.address}`,
    lng: l.lng,
    lat: l.lat,
    create_time: shanghaiDateTime(l.createdAt),
    ...row,
  };
}
