import { describe, expect, it } from 'vitest';
import { findContact } from './contact';
import { DISGUISED, ORDINARY } from './contact.fixtures';

describe('contact details in free text (spec/3 §5)', () => {
  it.each(DISGUISED)('catches %s', (text, kind) => {
    expect(findContact(text)).toBe(kind);
  });
  it.each(ORDINARY)('lets through %s', (text) => {
    expect(findContact(text)).toBeNull();
  });
});
