import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  actionsOf,
  defineMachine,
  nextStatus,
  registeredMachines,
  statusAfter,
  transitionOf,
  type TAnyMachine,
} from './machine';
import { STATUS_FLAGS } from '../constants/flags';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const constantsDir = path.resolve(here, '../constants');
const sources = (dir: string, ext: RegExp): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p, ext);
    return ext.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** Every constants module, imported: each defines (and so registers) its machines as it loads. */
const modules: Record<string, Record<string, unknown>> = {};
beforeAll(async () => {
  for (const f of fs.readdirSync(constantsDir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
    modules[f] = (await import(path.join(constantsDir, f))) as Record<string, unknown>;
  }
});

const isMachine = (v: unknown): v is TAnyMachine =>
  typeof v === 'object' && v !== null && 'rows' in v && 'statuses' in v && 'name' in v;
/** An array of rows that look like a transition table (from with an action, op, event or key), machine or not. */
const looksLikeTable = (v: unknown) =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every(
    (r) =>
      typeof r === 'object' && r !== null && 'from' in r && ('action' in r || 'op' in r || 'event' in r || 'key' in r),
  );

/** The schema's columns by table (`table.column`), and those named like a status, from every *.tables.ts. */
function schemaColumns() {
  const all = new Set<string>();
  const statuses = new Set<string>();
  const modulesDir = path.join(root, 'apps/server/src/modules');
  for (const f of sources(modulesDir, /\.tables\.ts$/)) {
    const parts = fs.readFileSync(f, 'utf8').split(/pgTable\(\s*'([a-z_0-9]+)'/);
    for (let i = 1; i < parts.length; i += 2) {
      for (const m of parts[i + 1].matchAll(
        /\b(smallint|varchar|integer|text|boolean|timestamp|date|jsonb|bigint|serial|numeric|real|doublePrecision|customType|[a-zA-Z]+)\(\s*'([a-z_0-9]+)'/g,
      )) {
        all.add(`${parts[i]}.${m[2]}`);
        if ((m[1] === 'smallint' || m[1] === 'varchar') && /(^|_)(status|state)$/.test(m[2]))
          statuses.add(`${parts[i]}.${m[2]}`);
      }
    }
  }
  return { all, statuses };
}

describe('state machines (rules/machine.ts)', () => {
  it('every table a constants module exports is a registered machine; none is written in another shape', () => {
    const registered = new Set(registeredMachines());
    for (const [file, mod] of Object.entries(modules)) {
      for (const [name, v] of Object.entries(mod)) {
        if (isMachine(v)) expect(registered.has(v), `${file} ${name} is not registered (defineMachine)`).toBe(true);
        expect(looksLikeTable(v), `${file} ${name} is a transition table outside defineMachine`).toBe(false);
      }
    }
    // a table kept unexported still goes through defineMachine
    for (const f of sources(constantsDir, /\.ts$/)) {
      const text = fs.readFileSync(f, 'utf8');
      if (/\bfrom:\s*\[/.test(text))
        expect(text, `${path.basename(f)} has rows with from: but no defineMachine`).toMatch(/defineMachine/);
    }
  });

  it('no transition table is written inline in the server or the web app', () => {
    const row =
      /\{[^}\n]*\bfrom:\s*\[[^\]\n]*\][^}\n]*\b(to|action|op|event)\s*:|\{[^}\n]*\b(action|op|event)\s*:[^}\n]*\bfrom:\s*\[/;
    const offenders = [
      ...sources(path.join(root, 'apps/server/src'), /\.ts$/),
      ...sources(path.join(root, 'apps/web/src'), /\.tsx?$/),
    ].filter((f) => row.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });

  it('each machine is well formed: its statuses, no (from, action, who) twice, guards it defines', () => {
    const machines = registeredMachines();
    expect(machines.length).toBeGreaterThan(30);
    for (const m of machines) {
      const values = new Set(Object.values(m.statuses));
      const guards = new Set(Object.keys(m.guards));
      const seen = new Set<string>();
      expect(m.rows.length, m.name).toBeGreaterThan(0);
      for (const t of m.rows) {
        const at = `${m.name} ${t.action}/${t.who}`;
        for (const from of t.from) {
          if (from !== null) expect(values.has(from), `${at}: from ${from} is not a status`).toBe(true);
          else expect(t.to, `${at}: a new record cannot stay as it is`).not.toBe('same');
          const key = `${from}|${t.action}|${t.who}`;
          expect(seen.has(key), `${at}: from ${from} twice`).toBe(false);
          seen.add(key);
        }
        if (typeof t.to === 'number') expect(values.has(t.to), `${at}: to ${t.to} is not a status`).toBe(true);
        else expect(['same', 'removed']).toContain(t.to);
        for (const k of Object.keys(t))
          if (!['from', 'action', 'to', 'who', 'needsReason'].includes(k))
            expect(guards.has(k), `${at}: guard ${k} is not defined`).toBe(true);
      }
    }
  });

  it('every status column of the schema has its machine or is a documented flag, and each name is a real column', () => {
    const { all, statuses } = schemaColumns();
    const names = new Set(
      registeredMachines()
        .map((m) => m.name)
        .filter((n) => !n.startsWith('test_')),
    );
    for (const c of statuses)
      expect(names.has(c) || c in STATUS_FLAGS, `${c}: no machine (defineMachine) and not in STATUS_FLAGS`).toBe(true);
    for (const n of names) expect(all.has(n), `machine ${n} names no column`).toBe(true);
    for (const f of Object.keys(STATUS_FLAGS))
      expect(statuses.has(f), `STATUS_FLAGS ${f} is no status column`).toBe(true);
    for (const n of names) expect(n in STATUS_FLAGS, `${n} is a machine and a flag`).toBe(false);
  });

  it('transitionOf and actionsOf read the rows, their guards and the side; each name registers once', () => {
    const m = defineMachine<{ status: number | null; ok?: boolean }, 'make' | 'go' | 'look' | 'drop', 'a' | 'b', 'ok'>({
      name: 'test_things.status',
      statuses: { one: 1, two: 2 },
      status: (r) => r.status,
      guards: { ok: (r) => !!r.ok },
      rows: [
        { from: [null], action: 'make', to: 1, who: 'a' },
        { from: [1], action: 'go', to: 2, who: 'a', ok: true },
        { from: [1, 2], action: 'look', to: 'same', who: 'b' },
        { from: [2], action: 'drop', to: 'removed', who: 'a' },
      ],
    });
    expect(nextStatus(m, { status: null }, 'make', 'a')).toBe(1);
    expect(transitionOf(m, { status: 1 }, 'go', 'a')).toBeNull();
    expect(nextStatus(m, { status: 1, ok: true }, 'go', 'a')).toBe(2);
    expect(transitionOf(m, { status: 1, ok: true }, 'go', 'b')).toBeNull();
    expect(nextStatus(m, { status: 2 }, 'look', 'b')).toBe(2);
    expect(nextStatus(m, { status: 2 }, 'drop', 'a')).toBeNull();
    expect(transitionOf(m, { status: 2 }, 'drop', 'a')?.to).toBe('removed');
    expect(actionsOf(m, { status: 1, ok: true }, 'a')).toEqual(['go']);
    expect(actionsOf(m, { status: 2 }, 'a')).toEqual(['drop']);
    expect(() => statusAfter({ to: 'same' }, null)).toThrow();
    expect(() => defineMachine({ ...m })).toThrow(/twice/);
  });
});
