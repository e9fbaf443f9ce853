// Writes src/app/theme.vars.css from the theme (src/app/themeVars.ts): npx tsx apps/web/scripts/theme-vars.ts
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { themeVarsCss } from '../src/app/themeVars';

fs.writeFileSync(fileURLToPath(new URL('../src/app/theme.vars.css', import.meta.url)), themeVarsCss());
