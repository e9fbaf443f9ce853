import { boolean, index, integer, jsonb, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * Regions of mainland China. The id is the administrative code as a number (province 11, city 1101, area 110101);
 * provinces have parent_id 1 (the country).
 */
export const regions = pgTable(
  'regions',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** 1 province, 2 city, 3 area */
    level: smallint('level').notNull(),
  },
  (t) => [index('regions_parent_idx').on(t.parentId, t.id)],
);

export const equipmentCategories = pgTable('equipment_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull().unique(),
  icon: varchar('icon', { length: 100 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const equipmentGroups = pgTable(
  'equipment_groups',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => equipmentCategories.id),
    name: varchar('name', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('equipment_groups_category_idx').on(t.categoryId, t.sort)],
);

export const equipmentProducts = pgTable(
  'equipment_products',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => equipmentGroups.id),
    name: varchar('name', { length: 50 }).notNull(),
    /** true for the "other" product whose listings need product_another_name */
    isOther: boolean('is_other').notNull().default(false),
    /** spec-parameter definitions: [{key, name, unit, input: 'number'|'text'|'select', options?, required}] */
    params: jsonb('params').notNull().default([]),
    /** attribute options: [{name, options: string[]}] joined by a hyphen on a listing */
    attributes: jsonb('attributes').notNull().default([]),
    /** units a rent may be quoted in */
    units: jsonb('units').notNull().default([]),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('equipment_products_group_idx').on(t.groupId, t.sort)],
);
