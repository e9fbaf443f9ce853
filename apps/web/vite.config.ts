import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Imports inside antd that put code into every first load for features this app does not use there. Each is replaced
 * by a module with the same behaviour for what we use (first loads are budgeted: bench/bundle.ts, checked by npm test).
 * - ConfigProvider imports the tooltip `UniqueProvider` (rc-trigger, ~9 KB gzipped) for `tooltip={{ unique: true }}`
 *   only. We never set it (app/providers.tsx): the stand-in fails loudly should anyone do so.
 * - form/context.js (imported by every input, and by every popup through ContextIsolator) takes `FormProvider` from
 *   rc-form's index, whose static assignments keep all of rc-form (~13 KB) in the bundle: take it from its own file.
 * - A form item's label imports Tooltip (rc-trigger again) for the `tooltip` prop: loaded when a label shows one.
 * - Radio.Group takes a two-line helper from antd's form/hooks/useForm, which imports all of rc-form: a copy of it.
 * - A table's column filter menu (Tree, Menu, Dropdown; ~20 KB) is loaded when a column has filters.
 * - Row selection takes four helpers from rc-tree's index (all of rc-tree, ~10 KB): from their own files (arrAdd and
 *   arrDel are copied: their file imports TreeNode); its `selections` menu (Dropdown, rc-menu) loads when shown.
 */
function antdTrims(): Plugin {
  const virtual = (name: string) => `\0jizu-antd-${name}`;
  const rules: { importer: RegExp; source: string; to: string; code?: string }[] = [
    {
      importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
      source: '../tooltip/UniqueProvider',
      to: virtual('no-unique'),
      code: "export default function UniqueProvider() { throw new Error('ConfigProvider tooltip.unique is switched off in apps/web/vite.config.ts'); }",
    },
    {
      importer: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
      source: '@rc-component/form',
      to: '@rc-component/form/es/FormContext.js',
    },
    {
      importer: /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/,
      source: '../tooltip',
      to: virtual('label-tooltip'),
      code: [
        "import { createElement, lazy, Suspense } from 'react';",
        "const Tooltip = lazy(() => import('antd/es/tooltip'));",
        'export default function LabelTooltip(props) {',
        '  return createElement(Suspense, { fallback: props.children }, createElement(Tooltip, props));',
        '}',
      ].join('\n'),
    },
    {
      importer: /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/,
      source: '../form/hooks/useForm',
      to: virtual('name-path'),
      // antd/es/form/hooks/useForm.js toNamePathStr
      code: "import { toArray } from 'antd/es/form/util';\nexport function toNamePathStr(name) { return toArray(name).join('_'); }",
    },
    {
      importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
      source: './FilterDropdown',
      to: virtual('filter-dropdown'),
      code: [
        "import { createElement, lazy, Suspense } from 'react';",
        "const FilterDropdown = lazy(() => import('antd/es/table/hooks/useFilter/FilterDropdown'));",
        // antd/es/table/hooks/useFilter/FilterDropdown.js flattenKeys
        'export function flattenKeys(filters) {',
        '  return (filters || []).flatMap(({ value, children }) => (children ? [value, ...flattenKeys(children)] : [value]));',
        '}',
        'export default function LazyFilterDropdown(props) {',
        '  return createElement(Suspense, { fallback: props.children }, createElement(FilterDropdown, props));',
        '}',
      ].join('\n'),
    },
    {
      importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
      source: '@rc-component/tree',
      to: virtual('tree-utils'),
      code: [
        "export { conductCheck } from '@rc-component/tree/es/utils/conductUtil';",
        "export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';",
        // @rc-component/tree/es/util.js arrDel, arrAdd
        'export function arrDel(list, value) { if (!list) return []; const clone = list.slice(); const i = clone.indexOf(value); if (i >= 0) clone.splice(i, 1); return clone; }',
        'export function arrAdd(list, value) { const clone = (list || []).slice(); if (clone.indexOf(value) === -1) clone.push(value); return clone; }',
      ].join('\n'),
    },
    {
      importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
      source: '../../dropdown',
      to: virtual('selection-dropdown'),
      code: [
        "import { createElement, lazy, Suspense } from 'react';",
        "const Dropdown = lazy(() => import('antd/es/dropdown'));",
        'export default function LazyDropdown(props) {',
        '  return createElement(Suspense, { fallback: props.children }, createElement(Dropdown, props));',
        '}',
      ].join('\n'),
    },
    {
      importer: /[\\/]antd[\\/]es[\\/]button[\\/]Button\.js$/,
      source: './DefaultLoadingIcon',
      to: virtual('button-loading-icon'),
      code: [
        "import { createElement, useRef } from 'react';",
        "import DefaultLoadingIcon from 'antd/es/button/DefaultLoadingIcon';",
        'export default function LoadingIconOnceLoading(props) {',
        '  const shown = useRef(false);',
        '  if (props.loading || props.existIcon) shown.current = true;',
        '  return shown.current ? createElement(DefaultLoadingIcon, props) : null;',
        '}',
      ].join('\n'),
    },
  ];
  const used = new Set<(typeof rules)[number]>();
  return {
    name: 'jizu-antd-trims',
    enforce: 'pre',
    // the dev server pre-bundles antd as it is; first loads are a matter of the build
    apply: 'build',
    async resolveId(source, importer) {
      const rule = importer && rules.find((r) => r.source === source && r.importer.test(importer));
      if (!rule) return null;
      used.add(rule);
      if (rule.code) return rule.to;
      return (await this.resolve(rule.to, importer, { skipSelf: true }))?.id ?? null;
    },
    load(id) {
      return rules.find((r) => r.code && r.to === id)?.code ?? null;
    },
    // an antd release that moved one of these imports: say so (the first-load budgets will tell what it costs)
    buildEnd() {
      for (const r of rules)
        if (!used.has(r)) this.warn(`antd trim not applied (antd changed?): ${r.source} from ${r.importer}`);
    },
  };
}

export default defineConfig({
  plugins: [antdTrims(), react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // scripts/prerender.mjs reads which chunks and stylesheets a page's modules need
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Everything the entry needs (React, the router, antd's core, the API client) in one file: one gzip stream
    // compresses ~5 KB better than the dozen shared chunks the automatic splitting makes of it. Pages and their widgets
    // stay split per route.
    // Chunks and assets named by their hash alone: each import of a chunk names its file, and the first loads import
    // dozens of chunks; the manifest (and bench/bundle.ts --files) says which source each file holds.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
      },
    },
  },
});
