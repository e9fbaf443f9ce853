import { afterAll, describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jizu from './jizu-plugin.js';

// RuleTester runs its cases through the test framework's describe / it
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('form-rule-limits', jizu.rules['form-rule-limits'], {
  valid: [
    "<Form.Item name='name' rules={rulesOf(ZMemberSave, 'name')} />",
    "<Form.Item name='region' rules={cascaderRules(REGION_DEPTH, M.regionRequired)} />",
    "<Form.Item name='agree' rules={[{ required: true, message: M.agree }]} />",
    "<Form.Item name='name' rules={[...r('name'), { max: o.name_max, message: M.nameTooLong }]} />",
    // not a form rule: an input's own bounds, a slice
    '<InputNumber min={0} max={100} />',
    'const range = { min: 0, max: 100 };',
  ],
  invalid: [
    {
      code: "<Form.Item name='name' rules={[{ required: true, message: M.nameRequired }, { max: 20, message: M.nameTooLong }]} />",
      errors: [{ messageId: 'limit' }],
    },
    {
      code: "<Form.Item name='region' rules={[{ required: true, type: 'array', len: 3, message: M.region }]} />",
      errors: [{ messageId: 'limit' }],
    },
    {
      code: "<Form.Item name='no' rules={[{ pattern: /^\\d{8,30}$/, message: M.noBad }]} />",
      errors: [{ messageId: 'pattern' }],
    },
    {
      code: "const chainRule = [{ required: true, type: 'array', min: 3, message: M.product }];",
      errors: [{ messageId: 'limit' }],
    },
    { code: "<Form.Item name='x' rules={ok ? [{ max: 50 }] : []} />", errors: [{ messageId: 'limit' }] },
  ],
});

tester.run('no-colour-literal', jizu.rules['no-colour-literal'], {
  valid: [
    '<div style={{ color: token.colorTextTertiary }} />',
    "<a href='#top' />",
    "navigate('#/orders')",
    "const id = '#1234567';",
    'const c = `${token.colorBorder}`;',
  ],
  invalid: [
    { code: "<div style={{ color: '#1f6feb' }} />", errors: [{ messageId: 'colour' }] },
    { code: "<div style={{ color: 'rgba(0,0,0,.45)' }} />", errors: [{ messageId: 'colour' }] },
    { code: "<div style={{ border: '1px solid #f0f0f0' }} />", errors: [{ messageId: 'colour' }] },
    { code: '<Tag color="#fff">x</Tag>', errors: [{ messageId: 'colour' }] },
    { code: 'const shadow = `0 1px 2px rgb(0 0 0 / 8%)`;', errors: [{ messageId: 'colour' }] },
  ],
});

tester.run('no-static-style', jizu.rules['no-static-style'], {
  valid: [
    '<div className={s.row} />',
    '<div style={{ width: `${pct}%` }} />',
    '<div style={{ background: d.sign ? token.blue1 : palette.bgSubtle, ...extra }} />',
    '<Card classNames={{ body: s.body }} />',
    '<Card styles={{ body: bodyStyle }} />',
  ],
  invalid: [
    { code: '<div style={{ marginBottom: 16 }} />', errors: [{ messageId: 'static' }] },
    { code: "<div style={{ width: pct + '%', height: 8 }} />", errors: [{ messageId: 'static' }] },
    {
      code: '<span style={{ color: token.colorTextTertiary, fontSize: 12 }} />',
      errors: [{ messageId: 'static' }, { messageId: 'static' }],
    },
    { code: "<Card styles={{ body: { padding: '12px 16px' } }} />", errors: [{ messageId: 'static' }] },
    { code: '<PageCard bodyStyle={{ paddingTop: 4 }} />', errors: [{ messageId: 'static' }] },
    { code: '<div style={{ border: `1px solid ${palette.line}` }} />', errors: [{ messageId: 'static' }] },
  ],
});

tester.run('one-statement-page', jizu.rules['one-statement-page'], {
  valid: [
    'const rows = await db.select({ ...cols, total: totalOver() }).from(t).where(w).limit(10).offset(0);',
    'const [a, b] = await Promise.all([names(db, ids), regions(db, ids)]);',
    'const [m, n] = await Promise.all([db.select({ n: count() }).from(a), db.select({ n: count() }).from(b)]);',
  ],
  invalid: [
    {
      code: 'const [rows, [{ n }]] = await Promise.all([db.select().from(t).where(w).limit(size).offset(off), db.select({ n: count() }).from(t).where(w)]);',
      errors: [{ messageId: 'page' }],
    },
  ],
});

tester.run('no-whole-select', jizu.rules['no-whole-select'], {
  valid: [
    'const rows = await rowsWhere(db, t, eq(t.id, id));',
    'const rows = await db.select({ id: t.id }).from(t);',
    "const q = prepared(db, 'x.y', (d) => d.select().from(t).where(eq(t.id, sql.placeholder('id'))).prepare('x.y'));",
  ],
  invalid: [
    { code: 'const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);', errors: [{ messageId: 'whole' }] },
    { code: "const q = tx.select().from(t).where(w); await q.for('update');", errors: [{ messageId: 'whole' }] },
  ],
});

tester.run('no-inline-text', jizu.rules['no-inline-text'], {
  valid: ['<Button>{T.save}</Button>', '<Input placeholder={T.name} />', "const sep = '（';", '<span>{a} / {b}</span>'],
  invalid: [
    { code: '<Button>保存</Button>', errors: [{ messageId: 'text' }] },
    { code: "<Input placeholder='请输入名称' />", errors: [{ messageId: 'text' }] },
    { code: 'const t = `共 ${n} 条`;', errors: [{ messageId: 'text' }] },
  ],
});

tester.run('no-status-compare', jizu.rules['no-status-compare'], {
  valid: [
    "const a = r.actions.includes('close');",
    "const open = actionsOf(BIDDING_MACHINE, d, 'owner').includes('select');",
    'const tone = BIDDING_TONES[r.status];',
    '<StatusTag status={r.status} text={r.status_v} />',
    'const done = isBiddingResponding(d);',
    "const paid = o.state === 'SUCCESS';",
    'const same = a.status === b.status;',
    'const n = r.count === 1;',
  ],
  invalid: [
    { code: 'const x = r.status === 2;', errors: [{ messageId: 'compare' }] },
    { code: 'const x = d?.audit_status !== RECRUIT_STATUS.hiring;', errors: [{ messageId: 'compare' }] },
    { code: 'const x = BIDDING_STATUS.cutoff === status;', errors: [{ messageId: 'compare' }] },
    { code: 'const x = cover.cover_status !== COVER_STATUS.deleted;', errors: [{ messageId: 'compare' }] },
    { code: 'const x = state == -1;', errors: [{ messageId: 'compare' }] },
    { code: 'const x = [1, 3].includes(a.status);', errors: [{ messageId: 'compare' }] },
    { code: 'const x = ORDER_CHAIN_OPEN.includes(o.status);', errors: [{ messageId: 'compare' }] },
    { code: 'switch (f.status) { case FIN_STATUS.review: go(); }', errors: [{ messageId: 'compare' }] },
  ],
});

tester.run('no-shanghai-offset', jizu.rules['no-shanghai-offset'], {
  valid: [
    'const t = shanghaiDay(-1);',
    'const ms = 24 * 3600_000;',
    'const day = 86_400_000;',
    'const iso = `${d}T00:00:00Z`;',
    'const n = 8 * 60;',
  ],
  invalid: [
    { code: 'const t = new Date(Date.now() + 8 * 3600_000);', errors: [{ messageId: 'number' }] },
    { code: 'const t = now + 8 * 60 * 60 * 1000;', errors: [{ messageId: 'number' }] },
    { code: 'const s = 8 * 3600;', errors: [{ messageId: 'number' }] },
    { code: 'const s = 28800;', errors: [{ messageId: 'number' }] },
    { code: 'const d = new Date(`${day}T00:00:00+08:00`);', errors: [{ messageId: 'text' }] },
    { code: "const tz = '+08:00';", errors: [{ messageId: 'text' }] },
  ],
});

tester.run('no-like-escape', jizu.rules['no-like-escape'], {
  valid: [
    'const p = containsPattern(q);',
    'const email = /[a-z0-9._%+-]{1,63}@/;',
    "const s = v.replace(/[\\s_]/g, '');",
  ],
  invalid: [
    { code: 'const e = (s) => s.replace(/[\\\\%_]/g, (c) => `\\\\${c}`);', errors: [{ messageId: 'like' }] },
    { code: "const p = `${f.phone.replace(/[%_\\\\]/g, '')}%`;", errors: [{ messageId: 'like' }] },
  ],
});

tester.run('no-yuan-copy', jizu.rules['no-yuan-copy'], {
  valid: ['const t = fenToYuanPlain(fen);', 'const h = (tenths / 10).toFixed(1);'],
  invalid: [
    { code: 'const yuan = (fen) => (fen / 100).toFixed(2);', errors: [{ messageId: 'yuan' }] },
    { code: 'const r = `${(bp / 100).toFixed(2)}%`;', errors: [{ messageId: 'yuan' }] },
  ],
});

tester.run('no-text-branch', jizu.rules['no-text-branch'], {
  valid: ['if (line.unit === NUM_UNIT.month) f();', "if (rule.content === 'image') f();", "const label = '月';"],
  invalid: [
    { code: "if (line.unit_v === '月') f();", errors: [{ messageId: 'text' }] },
    { code: "const image = rule.noun !== '图片';", errors: [{ messageId: 'text' }] },
    { code: "switch (v) { case '台班': f(); }", errors: [{ messageId: 'text' }] },
  ],
});

describe('no-foreign-tables', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = (rel: string) => path.join(root, 'apps/server/src', rel);
  const foreign = new RuleTester({ languageOptions: { parser: tseslint.parser } });
  foreign.run('no-foreign-tables', jizu.rules['no-foreign-tables'], {
    valid: [
      { code: "import { rentalOrders } from './order.tables';", filename: file('modules/order/order.repo.ts') },
      {
        code: "import { selectedOffers } from '../bidding/bidding.repo';",
        filename: file('modules/order/order.service.ts'),
      },
      // a foreign key names the table it references
      { code: "import { users } from '../auth/auth.tables';", filename: file('modules/company/company.tables.ts') },
      { code: "import { biddings } from '../modules/bidding/bidding.tables';", filename: file('seed/demo.bidding.ts') },
      { code: "import { auditEvents } from '../../db/schema';", filename: file('modules/audit/audit.repo.ts') },
      { code: "import type { biddings } from '../../db/schema';", filename: file('modules/order/order.view.ts') },
      {
        code: "import { users } from '../../db/schema';",
        filename: file('modules/report/report.repo.ts'),
        options: [{ allow: { 'modules/report/report.repo.ts': ['users'] } }],
      },
    ],
    invalid: [
      {
        code: "import { biddings } from '../bidding/bidding.tables';",
        filename: file('modules/order/order.service.ts'),
        errors: [{ messageId: 'tables' }],
      },
      {
        code: "import { companies, reports } from '../../db/schema';",
        filename: file('modules/report/report.repo.ts'),
        errors: [{ messageId: 'schema', data: { name: 'companies', owner: 'company' } }],
      },
    ],
  });
});
