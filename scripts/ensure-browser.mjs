#!/usr/bin/env node
// The journeys need Debian's Chromium and a Chinese font. As root, install them from Debian's packages when missing.
// `--font-only` (npm start): only the Chinese font, which the server needs for its PDFs (contracts, reports).
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const fontOnly = process.argv.includes('--font-only');
const hasChromium = fontOnly || fs.existsSync('/usr/bin/chromium');
const hasCjk = (() => {
  try {
    return /Noto Sans CJK/i.test(execSync('fc-list', { encoding: 'utf8' }));
  } catch {
    return false;
  }
})();
if (hasChromium && hasCjk) process.exit(0);
const missing = [!hasChromium && 'chromium', !hasCjk && 'fonts-noto-cjk'].filter(Boolean);
if (process.getuid?.() !== 0) {
  console.error(
    `Missing Debian packages${fontOnly ? ' (contracts and reports need a Chinese font)' : ' for the browser journeys'}: ${missing.join(' ')}. Install them: sudo apt-get install -y ${missing.join(' ')}`,
  );
  process.exit(fontOnly ? 0 : 1);
}
console.log(`Installing ${missing.join(' ')} from Debian's packages…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
let r = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
if (r.status === 0) r = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
