import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { AccessLog, lazyChild, type TLog } from './logging';

/** A server with the app's access line and lazy request loggers, writing JSON lines to memory. */
async function server(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  let children = 0;
  const app = Fastify({
    logger: { level, stream },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : 'rid-gen'),
    logController: new AccessLog(null),
    childLoggerFactory: (logger, bindings, opts) => {
      const log = logger as TLog;
      const child = log.child.bind(log);
      // counts the real children made
      return lazyChild(
        Object.assign(Object.create(log) as TLog, { child: (b: object, o?: object) => (children++, child(b, o)) }),
        bindings as Record<string, unknown>,
        opts as Record<string, unknown>,
      );
    },
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/warn', async (req) => {
    req.log.warn({ what: 'careful' }, 'a warning');
    return { ok: true };
  });
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines, children: () => children };
}

describe('request logging', () => {
  it('at info: one access line per request, through the server logger with the request id', async () => {
    const s = await server('info');
    const res = await s.app.inject({ url: '/ok', headers: { 'x-request-id': 'rid-1' } });
    expect(res.statusCode).toBe(200);
    const access = s.lines.filter((l) => l.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ level: 30, reqId: 'rid-1', method: 'GET', url: '/ok', status: 200 });
    expect(typeof access[0].ms).toBe('number');
    expect(s.children()).toBe(0); // nothing logged through the request's own logger
    await s.app.close();
  });

  it("a line logged through the request's logger carries the request id; an error is logged with it", async () => {
    const s = await server('info');
    await s.app.inject({ url: '/warn' });
    const warn = s.lines.find((l) => l.msg === 'a warning');
    expect(warn).toMatchObject({ level: 40, what: 'careful', reqId: expect.any(String) });
    expect(s.lines.find((l) => l.msg === 'request')?.reqId).toBe(warn?.reqId);
    expect(s.children()).toBe(1);
    const boom = await s.app.inject({ url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(
      s.lines.some((l) => l.level === 50 && l.reqId && (l.err as { message?: string } | undefined)?.message === 'boom'),
    ).toBe(true);
    await s.app.close();
  });

  it('at warn: no line and no request logger for a request that logs nothing; warnings still carry the request id', async () => {
    const s = await server('warn');
    await s.app.inject({ url: '/ok' });
    expect(s.lines).toEqual([]);
    expect(s.children()).toBe(0);
    await s.app.inject({ url: '/warn' });
    expect(s.lines).toHaveLength(1);
    expect(s.lines[0]).toMatchObject({ level: 40, msg: 'a warning', reqId: expect.any(String) });
    await s.app.close();
  });
});
