import { afterAll, describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import jizu from './jizu-plugin.js';

// RuleTester runs its cases through the test framework's describe / it
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('form-rule-limits', jizu.rules['form-rule-limits'], {
  valid: [
    "<Form.Item name='name' rules={rulesOf(ZMemberSave, 'name')} />",
    "<Form.Item name='region' rules={cascaderRules(REGION_DEPTH, M.regionRequired)} />",
    "<Form.Item name='agree' rules={[{ required: true, message: M.agree }]} />",
    "<Form.Item name='name' rules={[...r('name'), { max: o.name_max, message: M.nameTooLong }]} />",
    // not a form rule: an input's own bounds, a slice
    "<InputNumber min={0} max={100} />",
    'const range = { min: 0, max: 100 };',
  ],
  invalid: [
    { code: "<Form.Item name='name' rules={[{ required: true, message: M.nameRequired }, { max: 20, message: M.nameTooLong }]} />", errors: [{ messageId: 'limit' }] },
    { code: "<Form.Item name='region' rules={[{ required: true, type: 'array', len: 3, message: M.region }]} />", errors: [{ messageId: 'limit' }] },
    { code: "<Form.Item name='no' rules={[{ pattern: /^\\d{8,30}$/, message: M.noBad }]} />", errors: [{ messageId: 'pattern' }] },
    { code: "const chainRule = [{ required: true, type: 'array', min: 3, message: M.product }];", errors: [{ messageId: 'limit' }] },
    { code: "<Form.Item name='x' rules={ok ? [{ max: 50 }] : []} />", errors: [{ messageId: 'limit' }] },
  ],
});

tester.run('no-colour-literal', jizu.rules['no-colour-literal'], {
  valid: ["<div style={{ color: token.colorTextTertiary }} />", "<a href='#top' />", "navigate('#/orders')", "const id = '#1234567';", 'const c = `${token.colorBorder}`;'],
  invalid: [
    { code: "<div style={{ color: '#1f6feb' }} />", errors: [{ messageId: 'colour' }] },
    { code: "<div style={{ color: 'rgba(0,0,0,.45)' }} />", errors: [{ messageId: 'colour' }] },
    { code: "<div style={{ border: '1px solid #f0f0f0' }} />", errors: [{ messageId: 'colour' }] },
    { code: '<Tag color="#fff">x</Tag>', errors: [{ messageId: 'colour' }] },
    { code: 'const shadow = `0 1px 2px rgb(0 0 0 / 8%)`;', errors: [{ messageId: 'colour' }] },
  ],
});

tester.run('no-inline-text', jizu.rules['no-inline-text'], {
  valid: ['<Button>{T.save}</Button>', "<Input placeholder={T.name} />", "const sep = '（';", "<span>{a} / {b}</span>"],
  invalid: [
    { code: '<Button>保存</Button>', errors: [{ messageId: 'text' }] },
    { code: "<Input placeholder='请输入名称' />", errors: [{ messageId: 'text' }] },
    { code: 'const t = `共 ${n} 条`;', errors: [{ messageId: 'text' }] },
  ],
});
