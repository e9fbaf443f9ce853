import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { equipmentGroups, equipmentProducts } from '../modules/region/region.tables';

/** Products of the reference taxonomy by name, with their chain, for demo rows that read true (a crane is a crane). */
export async function productsByName(tx: Executor, names: readonly string[]) {
  const rows = await tx
    .select({
      id: equipmentProducts.id,
      name: equipmentProducts.name,
      groupId: equipmentProducts.groupId,
      categoryId: equipmentGroups.categoryId,
    })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .where(inArray(equipmentProducts.name, [...names]));
  const byName = new Map(rows.map((r) => [r.name, r]));
  return names.map((n) => byName.get(n)).filter((p): p is NonNullable<typeof p> => !!p);
}
