import { describe, expect, it } from 'vitest';
import { idCardProfile } from './identity';

describe('idCardProfile', () => {
  it('reads sex from the 17th digit and whole years of age on the given day', () => {
    expect(idCardProfile('110101199003074514', '2026-03-06')).toEqual({ sex: '男', age: 35 });
    expect(idCardProfile('110101199003074514', '2026-03-07')).toEqual({ sex: '男', age: 36 });
    expect(idCardProfile('11010119900307452X', '2026-12-31')).toEqual({ sex: '女', age: 36 });
    expect(idCardProfile('11010119900307452x', '2026-01-01')).toEqual({ sex: '女', age: 35 });
  });

  it('answers null for a number or a day of another shape', () => {
    expect(idCardProfile('110101********4514', '2026-03-07')).toBeNull();
    expect(idCardProfile('1101011990030745', '2026-03-07')).toBeNull();
    expect(idCardProfile('110101199003074514', '2026/03/07')).toBeNull();
  });
});
