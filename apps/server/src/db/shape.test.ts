import { describe, expect, it } from 'vitest';
import { objectOf, pickOf } from './shape';

describe('row makers (db/shape.ts)', () => {
  it('make an object of the keys, from values in order or from another object, for any key text', () => {
    const keys = ['id', 'created_at', 'a "quoted" key', "it's", 'line\nbreak', '中文'];
    expect(objectOf(keys)([1, 'x', 2, 3, 4, 5])).toEqual({ id: 1, created_at: 'x', 'a "quoted" key': 2, "it's": 3, 'line\nbreak': 4, 中文: 5 });
    const from = { id: 7, created_at: null, 'a "quoted" key': 'q', "it's": undefined, 'line\nbreak': [1], 中文: '是', __a_ok: 1 };
    const picked = pickOf(keys)(from);
    expect(picked).toEqual({ id: 7, created_at: null, 'a "quoted" key': 'q', "it's": undefined, 'line\nbreak': [1], 中文: '是' });
    expect(Object.keys(picked)).toEqual(keys);
    expect(picked).not.toHaveProperty('__a_ok');
  });

  it('keep one maker per list of keys, and refuse a key that would set the prototype', () => {
    expect(objectOf(['a', 'b'])).toBe(objectOf(['a', 'b']));
    expect(objectOf(['a', 'b'])).not.toBe(objectOf(['b', 'a']));
    expect(() => objectOf(['id', '__proto__'])).toThrow('__proto__');
    expect(() => pickOf(['__proto__'])).toThrow('__proto__');
  });
});
