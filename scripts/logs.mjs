// The server writes one JSON object a line (pino): what log collectors read. In a terminal, `npm start` and
// `npm run dev` show them as readable lines instead (pino-pretty, a development dependency: a production install
// without it, or output to a pipe or file, keeps the JSON).
import readline from 'node:readline';

/** A line formatter when stdout is a terminal and pino-pretty is installed; null: pass the JSON through. */
export async function prettyLogs() {
  if (!process.stdout.isTTY) return null;
  let pretty;
  try {
    pretty = await import('pino-pretty');
  } catch {
    return null;
  }
  const ACCESS = ['reqId', 'method', 'url', 'status', 'ms'];
  return pretty.prettyFactory({
    colorize: pretty.isColorSupported,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', ...ACCESS].join(','),
    // the access line (platform AccessLog): one line, "GET /api/x 200 3.1 ms"
    messageFormat: (log, key) =>
      log.method && log.url && log.status !== undefined
        ? `${log.method} ${log.url} ${log.status} ${log.ms} ms${log[key] === 'request' ? '' : ` ${log[key]}`}`
        : String(log[key] ?? ''),
    singleLine: false,
  });
}

/**
 * Copies a child's stdout to ours through the formatter, line by line; lines that are not JSON pass unchanged.
 * Resolves when the stream ends (so that the last lines are out before the parent exits).
 */
export function pipeLogs(stream, format, prefix = '') {
  const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
  rl.on('line', (line) => {
    let out = line;
    if (line.startsWith('{')) {
      try {
        out = format(line).replace(/\n$/, '');
      } catch {
        /* not a log object: as it is */
      }
    }
    process.stdout.write(`${prefix}${out}\n`);
  });
  return new Promise((resolve) => rl.once('close', resolve));
}
