import { describe, expect, it } from 'vitest';
import { levelButtons } from '../constants/user';
import { bonusBeans, coinValueOf } from './coins';

describe('coin packages (spec/1 §9: 1 yuan = gold_avg coins)', () => {
  it('a package is worth amount × gold_avg coins, or nothing when that is not whole', () => {
    expect(coinValueOf(1000, 10)).toBe(100);
    expect(coinValueOf(5000, 10)).toBe(500);
    expect(coinValueOf(1005, 20)).toBe(201);
    expect(coinValueOf(1005, 10)).toBeNull();
    expect(coinValueOf(1, 1)).toBeNull();
  });

  it('bonus beans are the yuan amount × gold_peas, floored', () => {
    expect(bonusBeans(5000, 1)).toBe(50);
    expect(bonusBeans(5000, 3)).toBe(150);
    expect(bonusBeans(1050, 1)).toBe(10);
    expect(bonusBeans(5000, 0)).toBe(0);
  });
});

describe('membership card buttons', () => {
  it('offer only the levels on sale', () => {
    expect(levelButtons('A')).toEqual([
      { text: '升级AA', operation: 'AA' },
      { text: '升级AAA', operation: 'AAA' },
    ]);
    expect(levelButtons('A', ['AA'])).toEqual([{ text: '升级AA', operation: 'AA' }]);
    expect(levelButtons('AA', ['AAA'])).toEqual([{ text: '升级AAA', operation: 'AAA' }]);
    expect(levelButtons('AAA', [])).toEqual([]);
  });
});
