import type { DescriptionsProps } from 'antd';

type TItem = NonNullable<DescriptionsProps['items']>[number];
export type TDescItem = TItem & { wide?: boolean };

/**
 * The items of a Descriptions of `columns` columns (one on a phone) where some take a row of their own (`wide`) and
 * some are there only for some records: a wide item fills its row, and the item before it the rest of its own, so that
 * every row adds up to the columns, whichever items are there (antd warns of a row that does not).
 */
export function descriptionRows(items: (TDescItem | false | null | undefined)[], columns = 2): TItem[] {
  const shown = items.filter((i): i is TDescItem => !!i);
  let at = 0; // where in its row the next item starts
  return shown.map(({ wide, ...item }, i) => {
    const endsRow = wide || (shown[i + 1]?.wide && at !== columns - 1);
    at = endsRow ? 0 : (at + 1) % columns;
    return endsRow ? { ...item, span: 'filled' } : item;
  });
}
