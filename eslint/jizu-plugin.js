// The project's own lint rules (issue 27: one way to write each thing, held by lint rather than by memory). Wired in
// eslint.config.js for apps/web/src; each rule has its RuleTester cases in jizu-plugin.test.ts.

/** The key of a property, when it is written as a name or a string. */
function keyOf(prop) {
  if (prop.type !== 'Property' || prop.computed) return null;
  if (prop.key.type === 'Identifier') return prop.key.name;
  if (prop.key.type === 'Literal' && typeof prop.key.value === 'string') return prop.key.value;
  return null;
}

const isNumber = (node) => (node.type === 'Literal' && typeof node.value === 'number') || (node.type === 'UnaryExpression' && node.argument.type === 'Literal' && typeof node.argument.value === 'number');

/** Whether an object literal sits in the value of a JSX `rules={…}` attribute (through arrays, spreads, conditionals). */
function inRulesAttribute(node) {
  for (let cur = node.parent; cur; cur = cur.parent) {
    if (cur.type === 'JSXAttribute') return cur.name.type === 'JSXIdentifier' && cur.name.name === 'rules';
    if (!['ArrayExpression', 'SpreadElement', 'ConditionalExpression', 'LogicalExpression', 'JSXExpressionContainer', 'TSAsExpression'].includes(cur.type)) return false;
  }
  return false;
}

/** An antd form rule object: one with a rule's own keys, or written in a `rules={…}` attribute. */
function isFormRule(node, keys) {
  return keys.includes('message') || keys.includes('validator') || keys.includes('required') || keys.includes('whitespace') || inRulesAttribute(node);
}

const formRuleLimits = {
  meta: {
    type: 'problem',
    docs: { description: "a form rule's limits come from the shared zod schema through ui/formRules.ts, never a literal of the page" },
    messages: {
      limit: "a form rule's `{{key}}` comes from the shared schema: rulesOf(ZSchema, 'field') of ui/formRules.ts (add the limit to the schema if it lacks it)",
      pattern: "a form rule's `pattern` comes from the shared schema: rulesOf(ZSchema, 'field') of ui/formRules.ts (add the regex to the schema if it lacks it)",
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
          if ((key === 'max' || key === 'min' || key === 'len') && isNumber(prop.value)) context.report({ node: prop, messageId: 'limit', data: { key } });
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
    docs: { description: 'colours come from the antd theme (app/theme.ts: its token and palette), never a literal of the page' },
    messages: { colour: 'a colour literal: take it from the theme (app/theme.ts `token.colorXxx`, or its palette), or from a CSS module beside the component' },
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

// Chinese characters (CJK unified ideographs and extension A, compatibility ideographs)
const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

const noInlineText = {
  meta: {
    type: 'problem',
    docs: { description: 'what a person reads comes from the text catalogue (apps/web/src/texts, @jizu/shared/messages), never a literal of the component' },
    messages: { text: 'a Chinese text in a component: put it in the catalogue (apps/web/src/texts/<domain>.ts) and use it from there' },
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

export default {
  meta: { name: 'eslint-plugin-jizu' },
  rules: { 'form-rule-limits': formRuleLimits, 'no-colour-literal': noColourLiteral, 'no-inline-text': noInlineText },
};
