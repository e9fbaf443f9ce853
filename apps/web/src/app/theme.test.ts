import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { themeVarsCss } from './themeVars';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const varsFile = path.join(src, 'app/theme.vars.css');
const cssFiles = (fs.readdirSync(src, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.css'))
  .map((f) => path.join(src, f));
const COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(rgba?|hsla?)\(/;

// issue 27 part 2: the stylesheets take their colours and sizes from the theme (app/theme.ts), as the scripts do
describe('the theme in the stylesheets', () => {
  it('theme.vars.css is the theme written out (npx tsx apps/web/scripts/theme-vars.ts writes it again)', () => {
    expect(fs.readFileSync(varsFile, 'utf8')).toBe(themeVarsCss());
  });

  it('no stylesheet but theme.vars.css writes a colour: each takes var(--jz-…)', () => {
    const offenders = cssFiles
      .filter((f) => f !== varsFile)
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ f, i, line })),
      )
      .filter(({ line }) => COLOUR.test(line.replace(/\/\*.*?\*\//g, '')))
      .map(({ f, i, line }) => `${path.relative(src, f)}:${i + 1}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('every var(--jz-…) a stylesheet reads is defined', () => {
    const defined = new Set([...themeVarsCss().matchAll(/(--jz-[\w-]+):/g)].map((m) => m[1]));
    const unknown = cssFiles.flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/var\((--jz-[\w-]+)/g)]
        .map((m) => m[1])
        .filter((v) => !defined.has(v))
        .map((v) => `${path.relative(src, f)}: ${v}`),
    );
    expect(unknown).toEqual([]);
  });
});
