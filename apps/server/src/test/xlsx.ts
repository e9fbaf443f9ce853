import zlib from 'node:zlib';

/**
 * Reads an .xlsx the way a spreadsheet program starts to: the ZIP's central directory, each entry's CRC checked, the
 * first worksheet inflated, its rows as cell texts. Enough for tests of the exports (no dependency on an xlsx reader).
 */
export function readXlsx(buf: Buffer): { names: string[]; rows: string[][] } {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  let sheet = '';
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const csize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extra = buf.readUInt16LE(p + 30);
    const comment = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    names.push(name);
    const lh = offset;
    if (buf.readUInt32LE(lh) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const start = lh + 30 + buf.readUInt16LE(lh + 26) + buf.readUInt16LE(lh + 28);
    const raw = buf.subarray(start, start + csize);
    const data = method === 8 ? zlib.inflateRawSync(raw) : raw;
    if (zlib.crc32(data) >>> 0 !== crc) throw new Error(`CRC mismatch in ${name}`);
    if (name === 'xl/worksheets/sheet1.xml') sheet = data.toString('utf8');
    p += 46 + nameLen + extra + comment;
  }
  const unesc = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  // a cell sits at its column (an empty cell is not written): A → 0, B → 1 … AA → 26
  const colOf = (ref: string) => [...ref.replace(/\d+$/, '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const rows = [...sheet.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((m) => {
    const cells: string[] = [];
    for (const c of m[1].matchAll(/<c r="([A-Z]+\d+)"[^>]*>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g)) {
      const i = colOf(c[1]);
      while (cells.length < i) cells.push('');
      cells[i] = unesc(c[2] ?? c[3] ?? '');
    }
    return cells;
  });
  return { names, rows };
}
