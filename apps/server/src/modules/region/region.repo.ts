import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { equipmentCategories, equipmentGroups, equipmentProducts, regions } from '../../db/schema';

/** Region rows as committed in data/regions.json: [id, parentId, name, level]. */
export type TRegionRow = [number, number, string, number];

/** Children of a region, by the parent index. */
export function listRegionChildren(db: Executor, parentId: number) {
  return db
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(eq(regions.parentId, parentId))
    .orderBy(asc(regions.id));
}

/** Count and content hash of the regions table, in the same form as regionsChecksum() computes from the file. */
export async function regionsFingerprint(db: Executor): Promise<{ count: number; md5: string }> {
  const res = await db.execute<{ n: number; h: string }>(
    sql`select count(*)::int as n, md5(coalesce(string_agg(${regions.id}::text || '|' || ${regions.parentId}::text || '|' || ${regions.name} || '|' || ${regions.level}::text, E'\n' order by ${regions.id}), '')) as h from ${regions}`,
  );
  const row = (Array.isArray(res) ? res[0] : (res as { rows: { n: number; h: string }[] }).rows[0]) as {
    n: number;
    h: string;
  };
  return { count: Number(row.n), md5: row.h };
}

/**
 * Inserts or corrects regions in one statement per batch: the rows travel as one JSON parameter (fast on PGlite,
 * far below PostgreSQL's parameter limit). Unchanged rows are not rewritten.
 */
export async function upsertRegions(db: Executor, rows: TRegionRow[]) {
  const json = JSON.stringify(rows.map(([id, parent_id, name, level]) => ({ id, parent_id, name, level })));
  await db.execute(sql`
    insert into regions (id, parent_id, name, level)
    select x.id, x.parent_id, x.name, x.level from jsonb_to_recordset(${json}::jsonb) as x(id integer, parent_id integer, name varchar, level smallint)
    on conflict (id) do update set parent_id = excluded.parent_id, name = excluded.name, level = excluded.level
    where regions.parent_id is distinct from excluded.parent_id or regions.name is distinct from excluded.name or regions.level is distinct from excluded.level`);
}

export function listCategories(db: Executor) {
  return db
    .select({ id: equipmentCategories.id, name: equipmentCategories.name, icon: equipmentCategories.icon })
    .from(equipmentCategories)
    .orderBy(asc(equipmentCategories.sort), asc(equipmentCategories.id));
}

export function listGroups(db: Executor, categoryId: number) {
  return db
    .select({ id: equipmentGroups.id, name: equipmentGroups.name })
    .from(equipmentGroups)
    .where(eq(equipmentGroups.categoryId, categoryId))
    .orderBy(asc(equipmentGroups.sort), asc(equipmentGroups.id));
}

export function listProducts(db: Executor, groupId: number) {
  return db
    .select({
      id: equipmentProducts.id,
      name: equipmentProducts.name,
      isOther: equipmentProducts.isOther,
      params: equipmentProducts.params,
      attributes: equipmentProducts.attributes,
      units: equipmentProducts.units,
    })
    .from(equipmentProducts)
    .where(eq(equipmentProducts.groupId, groupId))
    .orderBy(asc(equipmentProducts.sort), asc(equipmentProducts.id));
}

/** Products by id with their group and category names (display fields of trade records). */
export function productNamesOf(db: Executor, ids: number[]) {
  return db
    .select({
      id: equipmentProducts.id,
      product: equipmentProducts.name,
      group: equipmentGroups.name,
      category: equipmentCategories.name,
    })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentGroups.categoryId))
    .where(inArray(equipmentProducts.id, ids));
}

/** Products by id with the group and category they sit in (a form's category → group → product chain). */
export function productChainsOf(db: Executor, ids: number[]) {
  return db
    .select({ id: equipmentProducts.id, groupId: equipmentProducts.groupId, categoryId: equipmentGroups.categoryId })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .where(inArray(equipmentProducts.id, ids));
}

export type TCategoryRow = typeof equipmentCategories.$inferInsert;
export type TGroupRow = typeof equipmentGroups.$inferInsert;
export type TProductRow = typeof equipmentProducts.$inferInsert;

/** Upserts the taxonomy by id; rows whose content is unchanged are not rewritten. */
export async function upsertTaxonomy(db: Executor, cats: TCategoryRow[], groups: TGroupRow[], products: TProductRow[]) {
  const changed = (cols: string[], table: string) =>
    sql.raw(cols.map((c) => `${table}.${c} is distinct from excluded.${c}`).join(' or '));
  if (cats.length)
    await db
      .insert(equipmentCategories)
      .values(cats)
      .onConflictDoUpdate({
        target: equipmentCategories.id,
        set: { name: sql`excluded.name`, icon: sql`excluded.icon`, sort: sql`excluded.sort` },
        setWhere: changed(['name', 'icon', 'sort'], 'equipment_categories'),
      });
  if (groups.length)
    await db
      .insert(equipmentGroups)
      .values(groups)
      .onConflictDoUpdate({
        target: equipmentGroups.id,
        set: { categoryId: sql`excluded.category_id`, name: sql`excluded.name`, sort: sql`excluded.sort` },
        setWhere: changed(['category_id', 'name', 'sort'], 'equipment_groups'),
      });
  if (products.length)
    await db
      .insert(equipmentProducts)
      .values(products)
      .onConflictDoUpdate({
        target: equipmentProducts.id,
        set: {
          groupId: sql`excluded.group_id`,
          name: sql`excluded.name`,
          isOther: sql`excluded.is_other`,
          params: sql`excluded.params`,
          attributes: sql`excluded.attributes`,
          units: sql`excluded.units`,
          sort: sql`excluded.sort`,
        },
        setWhere: changed(
          ['group_id', 'name', 'is_other', 'params', 'attributes', 'units', 'sort'],
          'equipment_products',
        ),
      });
  // Ids were given explicitly: move the serial sequences past them so rows added later (admin) do not collide.
  for (const t of ['equipment_categories', 'equipment_groups', 'equipment_products']) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${t}', 'id'), greatest((select coalesce(max(id), 0) from ${t}), 1))`,
      ),
    );
  }
}

/** Serialises concurrent loaders (several processes starting on one PostgreSQL). */
export async function lockReference(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(730451)`);
}
