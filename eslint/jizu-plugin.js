// The project's own lint rules (issue 27: one way to write each thing, held by lint rather than by memory). Wired in
// eslint.config.js (the web app's rules for apps/web/src, the server's for apps/server/src and packages/shared/src); each
// rule has its RuleTester cases in jizu-plugin.test.ts.
import fs from 'node:fs';
import path from 'node:path';

/** The key of a property, when it is written as a name or a string. */
function keyOf(prop) {
  if (prop.type !== 'Property' || prop.computed) return null;
  if (prop.key.type === 'Identifier') return prop.key.name;
  if (prop.key.type === 'Literal' && typeof prop.key.value === 'string') return prop.key.value;
  return null;
}

const isNumber = (node) =>
  (node.type === 'Literal' && typeof node.value === 'number') ||
  (node.type === 'UnaryExpression' && node.argument.type === 'Literal' && typeof node.argument.value === 'number');

/** Whether an object literal sits in the value of a JSX `rules={…}` attribute (through arrays, spreads, conditionals). */
function inRulesAttribute(node) {
  for (let cur = node.parent; cur; cur = cur.parent) {
    if (cur.type === 'JSXAttribute') return cur.name.type === 'JSXIdentifier' && cur.name.name === 'rules';
    if (
      ![
        'ArrayExpression',
        'SpreadElement',
        'ConditionalExpression',
        'LogicalExpression',
        'JSXExpressionContainer',
        'TSAsExpression',
      ].includes(cur.type)
    )
      return false;
  }
  return false;
}

/** An antd form rule object: one with a rule's own keys, or written in a `rules={…}` attribute. */
function isFormRule(node, keys) {
  return (
    keys.includes('message') ||
    keys.includes('validator') ||
    keys.includes('required') ||
    keys.includes('whitespace') ||
    inRulesAttribute(node)
  );
}

const formRuleLimits = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "a form rule's limits come from the shared zod schema through ui/formRules.ts, never a literal of the page",
    },
    messages: {
      limit:
        "a form rule's `{{key}}` comes from the shared schema: rulesOf(ZSchema, 'field') of ui/formRules.ts (add the limit to the schema if it lacks it)",
      pattern:
        "a form rule's `pattern` comes from the shared schema: rulesOf(ZSchema, 'field') of ui/formRules.ts (add the regex to the schema if it lacks it)",
    },
    schema: [],
  },
  create(context) {
    return {
      ObjectExpression(node) {
        const keys = node.properties.map(keyOf);
        if (!isFormRule(node, keys)) return;
        node.properties.forEach((prop, i) => {
          const key = keys[i];
          if ((key === 'max' || key === 'min' || key === 'len') && isNumber(prop.value))
            context.report({ node: prop, messageId: 'limit', data: { key } });
          else if (key === 'pattern') context.report({ node: prop, messageId: 'pattern' });
        });
      },
    };
  },
};

// #rgb, #rgba, #rrggbb, #rrggbbaa standing alone (not `#/path` or `#anchor`); rgb( and rgba( in any spelling
const COLOUR = /(^|[^\w&/])#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})(?![\w-])|\brgba?\s*\(/i;

const noColourLiteral = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'colours come from the antd theme (app/theme.ts: its token and palette), never a literal of the page',
    },
    messages: {
      colour:
        'a colour literal: take it from the theme (app/theme.ts `token.colorXxx`, or its palette), or from a CSS module beside the component',
    },
    schema: [],
  },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && COLOUR.test(text)) context.report({ node, messageId: 'colour' });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ')),
      JSXText: (node) => check(node, node.value),
    };
  },
};

// A value known when the file is written: a literal, or the theme's constants (app/theme.ts `token`, `palette`)
const THEME_CONSTANTS = new Set(['token', 'palette']);
function isStaticValue(node) {
  switch (node.type) {
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return node.expressions.every(isStaticValue);
    case 'UnaryExpression':
      return isStaticValue(node.argument);
    case 'BinaryExpression':
      return isStaticValue(node.left) && isStaticValue(node.right);
    case 'MemberExpression': {
      let root = node;
      while (root.type === 'MemberExpression') root = root.object;
      return root.type === 'Identifier' && THEME_CONSTANTS.has(root.name) && !node.computed;
    }
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return isStaticValue(node.expression);
    default:
      return false;
  }
}

const noStaticStyle = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'a style known when the file is written goes in a CSS module beside the component (var(--jz-…) for the theme); an inline style holds only what is computed at run time',
    },
    messages: {
      static:
        '`{{name}}` is the same on every render: put it in a CSS module beside the component (className), with the theme from var(--jz-…) (app/theme.vars.css)',
    },
    schema: [],
  },
  create(context) {
    const checkObject = (obj) => {
      for (const p of obj.properties) {
        if (p.type !== 'Property') continue;
        if (isStaticValue(p.value)) {
          const name = p.key.type === 'Identifier' ? p.key.name : String(p.key.value);
          context.report({ node: p, messageId: 'static', data: { name } });
        }
      }
    };
    return {
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        // `style`, and a widget's style of a part (`bodyStyle`, `headerStyle`): its `…ClassName` takes the class
        if (!name || (name !== 'styles' && !/^(style|\w+Style)$/.test(name))) return;
        const value = node.value?.type === 'JSXExpressionContainer' ? node.value.expression : null;
        if (value?.type !== 'ObjectExpression') return;
        if (name !== 'styles') return checkObject(value);
        // antd's semantic `styles={{ body: {…} }}`: its `classNames={{ body: … }}` takes the CSS module's class
        for (const p of value.properties)
          if (p.type === 'Property' && p.value.type === 'ObjectExpression') checkObject(p.value);
      },
    };
  },
};

// Whether `node`'s subtree holds a call matching `test` (a plain walk: the rule looks at one Promise.all's elements)
function holdsCall(node, test) {
  if (!node || typeof node.type !== 'string') return false;
  if (node.type === 'CallExpression' && test(node)) return true;
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const v = node[key];
    if (Array.isArray(v) ? v.some((x) => holdsCall(x, test)) : v && typeof v === 'object' && holdsCall(v, test))
      return true;
  }
  return false;
}
const isPageCall = (c) =>
  c.callee.type === 'MemberExpression' &&
  !c.callee.computed &&
  (c.callee.property.name === 'limit' || c.callee.property.name === 'offset');
const isCountCall = (c) => c.callee.type === 'Identifier' && c.callee.name === 'count';

const oneStatementPage = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'a page of a list and its total are one statement: the total as a column of the page (db/prepared.ts totalOver, pageTotal)',
    },
    messages: {
      page: 'a page and its count sent as two statements: select `total: totalOver()` beside the rows and read it with pageTotal (db/prepared.ts)',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const c = node.callee;
        if (
          c.type !== 'MemberExpression' ||
          c.object.type !== 'Identifier' ||
          c.object.name !== 'Promise' ||
          c.property.name !== 'all'
        )
          return;
        const list = node.arguments[0];
        if (list?.type !== 'ArrayExpression') return;
        const pages = list.elements.filter((e) => e && holdsCall(e, isPageCall));
        const counts = list.elements.filter((e) => e && holdsCall(e, isCountCall));
        if (pages.length && counts.some((e) => !pages.includes(e))) context.report({ node, messageId: 'page' });
      },
    };
  },
};

// Chinese characters (CJK unified ideographs and extension A, compatibility ideographs)
const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

const noInlineText = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'what a person reads comes from the text catalogue (apps/web/src/texts, @jizu/shared/messages), never a literal of the component',
    },
    messages: {
      text: 'a Chinese text in a component: put it in the catalogue (apps/web/src/texts/<domain>.ts) and use it from there',
    },
    schema: [],
  },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && CHINESE.test(text)) context.report({ node, messageId: 'text' });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ')),
      JSXText: (node) => check(node, node.value),
    };
  },
};

// ---------- the web app's status rule ----------

/** A name that holds a status: status, state, audit_status, cover_status, shopStatus… */
const STATUS_NAME = /(^|_)(status|state)$|[a-z](Status|State)$/;
const UPPER = /^[A-Z][A-Z0-9_]*$/;
const unwrap = (n) =>
  n.type === 'TSNonNullExpression' || n.type === 'TSAsExpression' || n.type === 'ChainExpression'
    ? unwrap(n.expression)
    : n;
/** A status-named variable or property (`status`, `r.audit_status`, `d?.status`). */
function isStatusRef(node) {
  const n = unwrap(node);
  if (n.type === 'Identifier') return STATUS_NAME.test(n.name);
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier')
    return STATUS_NAME.test(n.property.name);
  return false;
}
/** A status value written in the page: a number literal (-1 too) or a constant's member (`BIDDING_STATUS.cutoff`). */
function isStatusValue(node) {
  const n = unwrap(node);
  if (isNumber(n)) return true;
  return n.type === 'MemberExpression' && !n.computed && n.object.type === 'Identifier' && UPPER.test(n.object.name);
}
/** A list of statuses: an array of such values, or a constant (`ORDER_CHAIN_OPEN`, `X.LIVE_STATES`). */
function isStatusList(node) {
  const n = unwrap(node);
  if (n.type === 'ArrayExpression') return n.elements.length > 0 && n.elements.every((e) => e && isStatusValue(e));
  if (n.type === 'Identifier') return UPPER.test(n.name);
  return (
    n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier' && UPPER.test(n.property.name)
  );
}

const noStatusCompare = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "the web app compares no status number: buttons come from the transition table (actionsOf, or the row's actions from the server), a state shown from a named predicate beside the table in packages/shared",
    },
    messages: {
      compare:
        "a status compared in the page: show buttons from the table (actionsOf(MACHINE, row, who), or the row's `actions`), and a state by a named predicate next to the table in packages/shared/src/constants (isXxx(row))",
    },
    schema: [],
  },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'compare' });
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        if (
          (isStatusRef(node.left) && isStatusValue(node.right)) ||
          (isStatusRef(node.right) && isStatusValue(node.left))
        )
          report(node);
      },
      CallExpression(node) {
        const callee = unwrap(node.callee);
        if (
          callee.type !== 'MemberExpression' ||
          callee.computed ||
          callee.property.name !== 'includes' ||
          node.arguments.length < 1
        )
          return;
        if (isStatusRef(node.arguments[0]) && isStatusList(callee.object)) report(node);
      },
      SwitchStatement(node) {
        if (isStatusRef(node.discriminant) && node.cases.some((c) => c.test && isStatusValue(c.test))) report(node);
      },
    };
  },
};

// ---------- the server's and the shared package's rules ----------

/** The value of a numeric literal, or of a product of numeric literals (8 * 3600_000); null for anything else. */
function numberOf(node) {
  if (node.type === 'Literal' && typeof node.value === 'number') return node.value;
  if (node.type === 'BinaryExpression' && node.operator === '*') {
    const a = numberOf(node.left);
    const b = numberOf(node.right);
    return a === null || b === null ? null : a * b;
  }
  return null;
}

/** The Shanghai offset as seconds or milliseconds, and as text. */
const OFFSET_NUMBERS = new Set([8 * 3600, 8 * 3600_000]);
const OFFSET_TEXT = /\+08:?00\b/;

const noShanghaiOffset = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Asia/Shanghai times come from packages/shared/src/rules/datetime.ts (shanghaiDay, dayStart, dayEnd, shanghaiDateTime…), never from a hand-written +8 h',
    },
    messages: {
      number:
        'a hand-written Shanghai offset (8 h): use @jizu/shared/rules/datetime (shanghaiDay, shanghaiDateTime, shanghaiMidnight…)',
      text: "a hand-written '+08:00': use @jizu/shared/rules/datetime (dayStart, dayEnd, shanghaiInstant, shanghaiRfc3339…)",
    },
    schema: [],
  },
  create(context) {
    const text = (node, value) => {
      if (typeof value === 'string' && OFFSET_TEXT.test(value)) context.report({ node, messageId: 'text' });
    };
    return {
      // the outermost product only (8 * 3600 * 1000 is reported once), and a lone 28800 / 28_800_000
      'BinaryExpression[operator="*"]'(node) {
        if (node.parent.type === 'BinaryExpression' && node.parent.operator === '*') return;
        if (OFFSET_NUMBERS.has(numberOf(node))) context.report({ node, messageId: 'number' });
      },
      Literal(node) {
        if (typeof node.value === 'number' && OFFSET_NUMBERS.has(node.value))
          context.report({ node, messageId: 'number' });
        else text(node, node.value);
      },
      TemplateLiteral: (node) => text(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('')),
    };
  },
};

const noLikeEscape = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "LIKE patterns come from apps/server/src/db/like.ts (escapeLike, containsPattern, prefixPattern), never a regex of the file's own",
    },
    messages: {
      like: 'a hand-written LIKE escape: use containsPattern / prefixPattern / escapeLike of apps/server/src/db/like.ts',
    },
    schema: [],
  },
  create(context) {
    return {
      Literal(node) {
        // a character class of the LIKE wildcards and the escape character only: /[\\%_]/, /[%_\\]/
        const classes = node.regex
          ? [...node.regex.pattern.matchAll(/\[((?:\\\\|[^\]])*)\]/g)].map((m) => m[1].replaceAll('\\\\', ''))
          : [];
        if (classes.some((c) => c.includes('%') && c.includes('_') && /^[%_]+$/.test(c)))
          context.report({ node, messageId: 'like' });
      },
    };
  },
};

const noYuanCopy = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'money text comes from packages/shared/src/rules/money.ts (fenToYuanText, fenToYuanPlain, bpToPercentText), never (x / 100).toFixed(2)',
    },
    messages: {
      yuan: '(x / 100).toFixed(…): use fenToYuanText (display), fenToYuanPlain (a form value) or bpToPercentText of @jizu/shared/rules/money',
    },
    schema: [],
  },
  create(context) {
    return {
      'CallExpression[callee.type="MemberExpression"][callee.property.name="toFixed"]'(node) {
        const obj = node.callee.object;
        if (obj.type === 'BinaryExpression' && obj.operator === '/' && numberOf(obj.right) === 100)
          context.report({ node, messageId: 'yuan' });
      },
    };
  },
};

const noTextBranch = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'rules branch on codes (a unit code, a status), never on a display text: no comparison with a Chinese literal',
    },
    messages: {
      text: "a rule that branches on a display text: compare the code (e.g. NUM_UNIT.month, not unit_v === '月'); texts are for people",
    },
    schema: [],
  },
  create(context) {
    const chinese = (n) =>
      (n.type === 'Literal' && typeof n.value === 'string' && CHINESE.test(n.value)) ||
      (n.type === 'TemplateLiteral' && n.quasis.some((q) => CHINESE.test(q.value.raw)));
    return {
      BinaryExpression(node) {
        if (['===', '!==', '==', '!='].includes(node.operator) && (chinese(node.left) || chinese(node.right)))
          context.report({ node, messageId: 'text' });
      },
      SwitchCase(node) {
        if (node.test && chinese(node.test)) context.report({ node, messageId: 'text' });
      },
    };
  },
};

/** The server's modules: `<root>/apps/server/src/modules/<module>/…` of a path, or null. */
function moduleOf(file) {
  const m = /^(.*)[\\/]apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(file);
  return m ? { root: m[1], module: m[2] } : null;
}

/** Per repository root: the table objects exported by each module's *.tables.ts (name → module), read once. */
const tableOwners = new Map();
function ownersOf(root) {
  let owners = tableOwners.get(root);
  if (owners) return owners;
  owners = new Map();
  const modules = path.join(root, 'apps/server/src/modules');
  for (const mod of fs.existsSync(modules) ? fs.readdirSync(modules) : []) {
    const dir = path.join(modules, mod);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.tables.ts'))) {
      for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/export const (\w+)\s*=\s*pgTable\b/g))
        owners.set(m[1], mod);
    }
  }
  tableOwners.set(root, owners);
  return owners;
}

const noForeignTables = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "a module reads another module's tables only through that module's exported functions (ARCHITECTURE § Layout): a file of apps/server/src/modules/<a>/ imports neither another module's *.tables nor another module's tables through db/schema. Exempt (eslint.config.js): *.tables.ts (a foreign key names the table it references), tests and their fixtures, seeds, db/schema.ts; `allow` lists the reads through db/schema that predate the rule, by file (modules/<a>/<file>) and table",
    },
    messages: {
      tables:
        "'{{source}}' is the {{owner}} module's tables: call a function the {{owner}} module exports (its repo or service) instead",
      schema:
        "'{{name}}' is the {{owner}} module's table: call a function the {{owner}} module exports (its repo or service) instead",
    },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    const at = moduleOf(file);
    if (!at || file.endsWith('.tables.ts')) return {};
    const rel = path.relative(path.join(at.root, 'apps/server/src'), file).split(path.sep).join('/');
    const allowed = new Set(context.options[0]?.allow?.[rel] ?? []);
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), source).replace(/\.ts$/, '');
        if (moduleOf(target) && /\.tables$/.test(target) && path.basename(path.dirname(target)) !== at.module) {
          context.report({ node, messageId: 'tables', data: { source, owner: path.basename(path.dirname(target)) } });
          return;
        }
        if (target !== path.join(at.root, 'apps/server/src/db/schema') || node.importKind === 'type') return;
        const owners = ownersOf(at.root);
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
          const name = spec.imported.name ?? spec.imported.value;
          const mod = owners.get(name);
          if (mod && mod !== at.module && !allowed.has(name))
            context.report({ node: spec, messageId: 'schema', data: { name, owner: mod } });
        }
      },
    };
  },
};

/**
 * `.select()` of every column built at a call: Drizzle builds each column's chunk and maps each column back at every
 * call (500–850 µs of CPU for one row of a table of 43 columns, about 230 µs as one JSON value: db/rows.ts,
 * `npm run bench:rows`). A prepared statement (the chain reaches `.prepare(…)`) is built once: its columns cost the
 * server less than PostgreSQL would spend on the JSON, and it is allowed.
 */
const noWholeSelect = {
  meta: {
    type: 'problem',
    docs: { description: 'a whole row is read as one JSON value (db/rows.ts rowsWhere, rowWhere, wholeRow)' },
    messages: {
      whole:
        'a select of every column built at the call: read whole rows with rowsWhere / rowWhere, or select `wholeRow(table)` (db/rows.ts); a prepared statement (`.prepare(name)`) may select every column',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const c = node.callee;
        if (c.type !== 'MemberExpression' || c.property.type !== 'Identifier' || c.property.name !== 'select') return;
        if (node.arguments.length) return;
        // climb the chain: … .select().from(t).where(…) … .prepare(name)
        let cur = node;
        while (
          cur.parent?.type === 'MemberExpression' &&
          cur.parent.object === cur &&
          cur.parent.parent?.type === 'CallExpression' &&
          cur.parent.parent.callee === cur.parent
        ) {
          if (cur.parent.property.type === 'Identifier' && cur.parent.property.name === 'prepare') return;
          cur = cur.parent.parent;
        }
        context.report({ node, messageId: 'whole' });
      },
    };
  },
};

export default {
  meta: { name: 'eslint-plugin-jizu' },
  rules: {
    'form-rule-limits': formRuleLimits,
    'no-colour-literal': noColourLiteral,
    'no-static-style': noStaticStyle,
    'one-statement-page': oneStatementPage,
    'no-inline-text': noInlineText,
    'no-shanghai-offset': noShanghaiOffset,
    'no-like-escape': noLikeEscape,
    'no-yuan-copy': noYuanCopy,
    'no-text-branch': noTextBranch,
    'no-foreign-tables': noForeignTables,
    'no-status-compare': noStatusCompare,
    'no-whole-select': noWholeSelect,
  },
};
