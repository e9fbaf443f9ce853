import { describe, expect, it } from 'vitest';
import { checkedLeafIds, grantIdsWithGroups, leafIds, type TGrantNode } from './grants';

const leaf = (id: number, checked = false): TGrantNode => ({ id, checked, child: [] });
// three levels like the device section: 2 > (201, 202, 210 > (211, 212)) and the company section 5 > (501, 503, 506)
const tree: TGrantNode[] = [
  { id: 2, child: [leaf(201), leaf(202), { id: 210, child: [leaf(211), leaf(212, true)] }] },
  { id: 5, child: [leaf(501, true), leaf(503, true), leaf(506)] },
];

describe('grants: groups plus children (spec/1 §2)', () => {
  it('reads the checked pages of the server tree, ignoring group flags', () => {
    expect(checkedLeafIds(tree)).toEqual([212, 501, 503]);
    expect(checkedLeafIds([{ id: 5, checked: true, child: [leaf(501)] }])).toEqual([]);
    expect(leafIds(tree)).toEqual([201, 202, 211, 212, 501, 503, 506]);
  });

  it('adds every group with at least one checked page, at any level, as the tree shows checked or half-checked', () => {
    // untouched tree: what was granted is sent back with its groups
    expect(grantIdsWithGroups(tree, checkedLeafIds(tree))).toEqual([2, 210, 212, 5, 501, 503]);
    // a fully checked group and a partly checked one
    expect(grantIdsWithGroups(tree, [501, 503, 506, 201])).toEqual([2, 201, 5, 501, 503, 506]);
    // nothing checked: nothing, not even the groups
    expect(grantIdsWithGroups(tree, [])).toEqual([]);
    // ids that are not pages of the tree (a group key, an unknown id) do not count on their own
    expect(grantIdsWithGroups(tree, [5, 210, 99999])).toEqual([]);
  });
});
