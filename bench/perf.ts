/**
 * `npm run bench:profile -- --mix --perf`: the server's CPU under the mix as Linux perf samples it (`perf record -e
 * cpu-clock -g`, the server started with `--perf-basic-prof` so that its JIT frames have names), instead of V8's
 * profile, which counts time off the CPU inside a system call (`writev`) as busy. Every sample is on the CPU; the
 * kernel's part (socket sends and receives) is shown as such. Each main-thread sample is charged to the nearest
 * JavaScript frame's owner: a package, a source file of ours (through the bundle's source map), or node's own.
 * Needs Debian's linux-perf (`perf`); a machine without it, or that refuses it, says so and the V8 profile stands.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';

const DATA = '/tmp/jizu-bench-perf.data';

export function perfAvailable(): boolean {
  return spawnSync('perf', ['--version']).status === 0;
}

/** Starts sampling `pid`; the returned stop() ends it and gives the samples as `perf script` prints them. */
export function recordPerf(pid: number): { stop: () => Promise<string> } {
  const p: ChildProcess = spawn(
    'perf',
    ['record', '-e', 'cpu-clock', '-F', '999', '-g', '-o', DATA, '-p', String(pid)],
    {
      stdio: 'ignore',
    },
  );
  return {
    stop: async () => {
      p.kill('SIGINT');
      await new Promise((r) => p.on('exit', r));
      const out = spawnSync('perf', ['script', '-i', DATA, '-F', 'tid,ip,sym'], { maxBuffer: 1 << 30 });
      fs.rmSync(DATA, { force: true });
      return out.stdout.toString();
    },
  };
}

/** Who a JIT frame belongs to: a package, a source file of ours (apps/server/dist/main.js through its map), node's. */
function ownerOf(frame: string, map: SourceMap | null): string {
  const pkg = frame.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const ours = frame.match(/dist\/main\.js:(\d+):(\d+)/);
  if (ours) {
    const e = map?.findEntry(Number(ours[1]) - 1, Number(ours[2]) - 1);
    const src = e && 'originalSource' in e ? e.originalSource : '';
    return src
      ? src.replace(/^.*?(apps\/|packages\/)/, '$1').replace(/^\.\.\//, 'apps/server/')
      : 'apps/server (bundle)';
  }
  const node = frame.match(/(node:[\w/]+)/);
  return node ? node[1] : '(v8 / node native)';
}

/** Prints the shares of the main thread's samples by owner, and the kernel's part, per request of `n`. */
export function summarizePerf(script: string, mainTid: number, n: number, serverDist: string, top: number) {
  const mapFile = path.join(serverDist, 'main.js.map');
  const map = fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as never) : null;
  const owners = new Map<string, number>();
  let all = 0;
  let main = 0;
  for (const block of script.split('\n\n')) {
    const lines = block.trim().split('\n');
    const tid = Number(lines[0]?.trim());
    if (!Number.isFinite(tid) || lines.length < 2) continue;
    all += 1;
    if (tid !== mainTid) continue;
    main += 1;
    const frames = lines.slice(1).map((l) => l.trim().replace(/^[0-9a-f]+ /, ''));
    const js = frames.find((f) => f.startsWith('JS:'));
    const owner = js ? ownerOf(js, map) : '(no JavaScript frame)';
    // a leaf outside V8 and node (a system call, libc) is the kernel's or libc's work on behalf of that owner
    const leaf = frames[0] ?? '';
    const native = !leaf.startsWith('JS:') && !leaf.startsWith('Builtins') && !leaf.includes('::');
    const key = native ? `kernel / libc ← ${owner}` : owner;
    owners.set(key, (owners.get(key) ?? 0) + 1);
  }
  const msPerSample = 1000 / 999; // -F 999: one sample a millisecond of CPU, about
  console.log(
    `  perf: ${all} samples, main thread ${((100 * main) / Math.max(all, 1)).toFixed(1)} % (the rest: V8's and libuv's threads); ${((main * msPerSample * 1000) / n).toFixed(0)} µs of main-thread CPU per request`,
  );
  [...owners.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, c]) =>
      console.log(
        `    ${((100 * c) / main).toFixed(1).padStart(5)} %  ${((c * msPerSample * 1000) / n).toFixed(1).padStart(6)} µs  ${k}`,
      ),
    );
}
