import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, onTestFailed } from 'vitest';

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Debian's Chromium, never a downloaded browser. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** What each page did lately (script errors, console errors, failed or refused API calls), told when a test fails. */
const journal = new WeakMap<Page, string[]>();
function keepJournal(page: Page) {
  const lines: string[] = [];
  journal.set(page, lines);
  const t0 = Date.now();
  const note = (s: string) => {
    lines.push(`+${((Date.now() - t0) / 1000).toFixed(1)}s ${s.replace(/\s+/g, ' ').slice(0, 300)}`);
    if (lines.length > 40) lines.shift();
  };
  page.on('pageerror', (e) => note(`script error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(`console ${m.type()}: ${m.text()}`);
  });
  page.on('requestfailed', (r) => note(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText ?? ''})`));
  page.on('response', (r) => {
    if (r.status() >= 400) note(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`at ${f.url()}`);
  });
}

/**
 * Console errors and warnings, and uncaught script errors, of every page of every context the current test opened
 * (newPage, watchConsole): each fails the test (the afterEach below) unless the test expected it by name
 * (expectConsole). The journeys serve the development-like build (support/server.ts), where React and antd warn of
 * what they would let pass silently in production; a refused call (4xx) is a console error too ("Failed to load
 * resource"): a page that knows a state in advance asks nothing the server will refuse.
 */
type TExpected = { pattern: RegExp; reason: string; seen: number };
type TWatch = { heard: string[]; expected: TExpected[] };
const watches = new Map<BrowserContext, TWatch>();

function watchOf(context: BrowserContext): TWatch {
  let w = watches.get(context);
  if (!w) {
    w = { heard: [], expected: [] };
    watches.set(context, w);
  }
  return w;
}

/** Listens to one page of a watched context; what it hears after its test ended is no longer counted. */
function listen(w: TWatch | null, page: Page) {
  keepJournal(page);
  if (!w) return;
  const hear = (line: string) => {
    if (watches.get(page.context()) !== w) return;
    const expected = w.expected.find((e) => e.pattern.test(line));
    if (expected) expected.seen += 1;
    else w.heard.push(line);
  };
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    const at = m.location();
    hear(
      `console ${m.type()} on ${page.url()}: ${m.text()}${at.url ? ` (${at.url}${at.lineNumber ? `:${at.lineNumber}` : ''})` : ''}`,
    );
  });
  page.on('pageerror', (e) => hear(`uncaught error on ${page.url()}: ${e.message}`));
}

/**
 * Watches every page of `context` (the first and those it opens later: pop-ups, new tabs) until the current test
 * ends. newPage does it for its context; a test that makes a context of its own calls it.
 */
export function watchConsole(context: BrowserContext) {
  // outside vitest (the benchmarks) only the journal: no test ends to check them
  const w = process.env.VITEST ? watchOf(context) : null;
  for (const p of context.pages()) listen(w, p);
  context.on('page', (p) => listen(w, p));
}

/**
 * A console error or warning (or uncaught script error) the test provokes on purpose, matched against the line the
 * watch reports (`console error on <page>: <text> (<source>)`), with why it is expected. It must come (by the test's
 * end, or within 3 s after): an entry nothing matches fails too, so none outlives its reason.
 */
export function expectConsole(on: Page | BrowserContext, pattern: RegExp, reason: string) {
  const context = 'context' in on ? on.context() : on;
  watchOf(context).expected.push({ pattern, reason, seen: 0 });
}

/** What the current test's pages said that no expectConsole entry covers, and the entries that nothing matched. */
async function consoleProblems(): Promise<string[]> {
  const all = [...watches.values()];
  // an expected message may still be on its way (a refused call the test's last step made)
  for (let waited = 0; waited < 3000 && all.some((w) => w.expected.some((e) => !e.seen)); waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  watches.clear();
  return all.flatMap((w) => [
    ...w.heard,
    ...w.expected.filter((e) => !e.seen).map((e) => `expected but never heard: ${e.pattern} (${e.reason})`),
  ]);
}

/**
 * Content-Security-Policy violations in any page of the journeys (README § Security): each is kept here as the page
 * reports it and fails the test it happened in (the afterEach below). Told through a binding, which no policy blocks.
 */
const cspViolations: string[] = [];
async function watchCsp(context: BrowserContext) {
  await context.exposeBinding('__jizuCspViolation', (_source, line: string) => void cspViolations.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const tell = (window as unknown as { __jizuCspViolation?: (s: string) => void }).__jizuCspViolation;
      tell?.(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.documentURI} (by ${e.sourceFile || 'the page'}:${e.lineNumber}:${e.columnNumber}) ${e.sample}`,
      );
    });
  });
}
/** The violations reported since the last test ended, taken out (the journey that proves the listener hears them). */
export const takeCspViolations = () => cspViolations.splice(0);
// registered by each journey file that imports this module (outside vitest, the benchmarks use newPage too)
if (process.env.VITEST) {
  afterEach(async () => {
    const seen = cspViolations.splice(0);
    const said = await consoleProblems();
    const parts = [
      ...(seen.length ? [`Content-Security-Policy violations:\n${seen.join('\n')}`] : []),
      ...(said.length
        ? [
            `Console errors and warnings the test did not expect (fix them at their source; expectConsole only for what the test provokes on purpose):\n${said.join('\n')}`,
          ]
        : []),
    ];
    if (parts.length) throw new Error(parts.join('\n'));
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  // reduced motion, as a person may set it: antd's dialogs then open in place (the app follows the setting); with the
  // zoom, a busy machine could press the mouse on a dialog's button and release it after the button had moved on
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  await watchCsp(context);
  watchConsole(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** What the page shows now: its address, open dialogs, messages and field errors, for a failure's report. */
export async function pageShows(p: Page): Promise<string> {
  const shown = await p
    .locator(
      '.ant-modal-wrap:visible .ant-modal-title, .ant-form-item-explain-error, .ant-message-notice:visible, .ant-notification-notice:visible, .ant-modal-confirm:visible',
    )
    .allInnerTexts()
    .catch(() => []);
  return `at ${p.url()}; shown: ${shown.map((x) => x.replace(/\s+/g, ' ').slice(0, 120)).join(' | ') || 'no dialog, message or field error'}`;
}

/** Keeps a screenshot of the page when the current test fails, and prints what the page showed and did lately. */
export function screenshotOnFailure(page: () => Page | undefined, name: string) {
  onTestFailed(async () => {
    const p = page();
    if (!p) return;
    fs.mkdirSync(artifacts, { recursive: true });
    const file = path.join(artifacts, `${name}-${Date.now()}.png`);
    await p.screenshot({ path: file, fullPage: true }).catch(() => {});
    const lines = journal.get(p) ?? [];
    console.error(
      `[${name}] failed ${await pageShows(p)}\n  screenshot: ${file}\n  the page lately:\n${lines.map((l) => `    ${l}`).join('\n') || '    nothing recorded'}`,
    );
  });
}

/** Waits until dialogs, drawers and messages have finished their entry motion, as a person would before clicking in them. */
async function settled(page: Page) {
  // a locator, not waitForFunction: that one compiles its predicate with eval in the page, which the pages' policy refuses
  await page
    .locator('[class*="-appear"], [class*="-enter"]')
    .first()
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => {});
}

/** A screenshot for a person to look at, taken once dialogs, drawers and messages have finished their entry motion. */
export async function shot(page: Page, name: string) {
  fs.mkdirSync(artifacts, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}
