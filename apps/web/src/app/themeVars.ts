import { palette, token } from './theme';

/**
 * The theme as CSS custom properties on `:root`, for the CSS modules (issue 27 part 2): `var(--jz-color-primary)`,
 * `var(--jz-blue-1)`, `var(--jz-padding-sm)`, `var(--jz-text-muted)` (the palette). antd writes its own variables only
 * on its components' elements, so a plain element of a page could not read them. `theme.vars.css` is this function's
 * output, and `theme.test.ts` fails when the two differ (write it again: `npx tsx apps/web/scripts/theme-vars.ts`).
 */
const kebab = (name: string) =>
  name
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .replace(/([0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/** token entries with a length in px */
const LENGTH =
  /^(fontSize|borderRadius|padding|margin|size|controlHeight|lineWidth)(XXS|XS|SM|MS|MD|LG|XL|XXL|Heading[1-5]|Outer|Icon|Bold)?$/;
/** token entries that are colours: antd's `color…`, its shadows and outlines, the numbered palettes (blue1 … gold10) */
const COLOUR =
  /^(color[A-Z]\w*|boxShadow\w*|controlOutline|controlItemBg\w*|(blue|purple|cyan|green|magenta|pink|red|orange|yellow|volcano|geekblue|gold|lime)([1-9]|10))$/;

export function themeVarsCss(): string {
  const lines: string[] = [];
  const t = token as unknown as Record<string, unknown>;
  for (const key of Object.keys(t).sort()) {
    const v = t[key];
    if (COLOUR.test(key) && typeof v === 'string')
      lines.push(`  --jz-${kebab(key)}: ${v.replace(/\s+/g, ' ').trim()};`);
    else if (LENGTH.test(key) && typeof v === 'number') lines.push(`  --jz-${kebab(key)}: ${v}px;`);
  }
  for (const [key, v] of Object.entries(palette)) lines.push(`  --jz-${kebab(key)}: ${v};`);
  lines.push(`  --jz-font-family: ${token.fontFamily};`);
  return [
    '/* generated from app/theme.ts by app/themeVars.ts: do not edit (theme.test.ts) */',
    ':root {',
    ...lines,
    '}',
    '',
  ].join('\n');
}
