import { FAVORITE_TYPE } from '@jizu/shared/constants/favorite';
import type { TFavoriteRow, TFavoriteState } from '@jizu/shared/schemas/favorite';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { MEMBER_TYPE } from '@jizu/shared/constants/company';
import { findPublicListing, listingCards } from '../equipment/equipment.service';
import { findPublicShop, shopCards } from '../shop/shop.service';
import * as repo from './favorite.repo';

const TAG = { verified: '企业认证', advanced: '高级认证', member: '路桥会员单位' } as const;

/** A user's favourites of a type (0 devices, 1 shops), newest first, with the cards and how many users saved each. */
export async function listFavorites(
  db: Executor,
  userId: number,
  q: { type: number; page: number; size: number },
): Promise<{ data: TFavoriteRow[]; total: number }> {
  const { rows, total } = await repo.pageFavorites(db, userId, q.type, (q.page - 1) * q.size, q.size);
  const ids = rows.map((r) => r.targetId);
  const counts = await repo.favCounts(db, q.type, ids);
  const base = (r: (typeof rows)[number]) => ({
    id: r.id,
    type: r.type,
    target_id: r.targetId,
    create_time: shanghaiDateTime(r.createdAt),
    equipment: null,
    shop: null,
  });
  if (q.type === FAVORITE_TYPE.listing) {
    const cards = await listingCards(db, ids);
    const tags = await repo.companyTags(db, [...new Set(cards.map((c) => c.company_id))]);
    const by = new Map(cards.map((c) => [c.id, c]));
    return {
      data: rows.map((r) => {
        const c = by.get(r.targetId);
        const co = c ? tags.get(c.company_id) : undefined;
        const t = co
          ? [
              co.status === 1 ? TAG.verified : '',
              co.super === 1 ? TAG.advanced : '',
              co.memberType === MEMBER_TYPE.unit ? TAG.member : '',
            ].filter(Boolean)
          : [];
        return {
          ...base(r),
          equipment: c
            ? {
                ...c,
                equip_name: c.product_name_v,
                fav_num: counts.get(r.targetId) ?? 0,
                company_name: co?.name ?? '',
                tags: t,
              }
            : null,
        };
      }),
      total,
    };
  }
  const shops = new Map((await shopCards(db, ids)).map((s) => [s.id, s]));
  return {
    data: rows.map((r) => ({
      ...base(r),
      shop: shops.has(r.targetId) ? { ...shops.get(r.targetId)!, fav_num: counts.get(r.targetId) ?? 0 } : null,
    })),
    total,
  };
}

const stateOf = (r: { id: number | null; n: number }): TFavoriteState => ({
  favorited: r.id !== null,
  id: r.id,
  fav_num: r.n,
});

export async function favoriteState(
  db: Executor,
  userId: number | null,
  type: number,
  targetId: number,
): Promise<TFavoriteState> {
  return stateOf(await repo.ownAndCount(db, userId, type, targetId));
}

/** Saves a public listing or shop; saving it again changes nothing. */
export async function addFavorite(
  db: Executor,
  userId: number,
  companyId: number | null,
  type: number,
  targetId: number,
): Promise<TFavoriteState> {
  if (type === FAVORITE_TYPE.listing) {
    if (!(await findPublicListing(db, targetId))) throw new AppError('FAVORITE_LISTING_GONE');
  } else if (!(await findPublicShop(db, targetId))) throw new AppError('FAVORITE_SHOP_GONE');
  const added = await repo.insertFavorite(db, { userId, companyId, type, targetId });
  return added.id === null ? favoriteState(db, userId, type, targetId) : stateOf(added);
}

export async function removeFavorite(db: Executor, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteOwn(db, userId, id))) throw new AppError('FAVORITE_NOT_FOUND');
}
