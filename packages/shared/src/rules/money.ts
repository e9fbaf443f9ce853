/**
 * Money is integer fen; these are the one way to write it as text (issue 27). Display (`*_v` fields): yuan, 2 decimals,
 * thousands separators (spec/1 §9).
 */
export function fenToYuanText(fen: number | bigint | null | undefined): string {
  return yuanText(fen, true);
}

/** Plain yuan for a form field or a value read back by a form ("1234.50"): 2 decimals, no separators. */
export function fenToYuanPlain(fen: number | bigint | null | undefined): string {
  return yuanText(fen, false);
}

function yuanText(fen: number | bigint | null | undefined, grouped: boolean): string {
  if (fen === null || fen === undefined) return '0.00';
  const n = BigInt(fen);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const int = (abs / 100n).toString();
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${grouped ? int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : int}.${cents}`;
}

/** A rate in basis points as a percentage with 2 decimals (200 → "2.00%"). */
export function bpToPercentText(bp: number): string {
  return `${(bp / 100).toFixed(2)}%`;
}

/** Parses a yuan amount typed by a person ("1,234.5") into fen; null when it is not money. */
export function yuanToFen(input: string | number): number | null {
  const s = String(input).replace(/,/g, '').trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return null;
  const neg = s.startsWith('-');
  const [int, dec = ''] = s.replace('-', '').split('.');
  const fen = Number(int) * 100 + Number(dec.padEnd(2, '0'));
  return neg ? -fen : fen;
}

/**
 * a × b / d rounded half up, exact even where a × b is beyond a safe integer (a price times an hour meter's tenths):
 * the product is taken in BigInt. Integers in, an integer out.
 */
export function mulDivRound(a: number, b: number, d: number): number {
  const p = BigInt(a) * BigInt(b);
  const q = BigInt(d);
  const neg = p < 0n !== q < 0n;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const r = (abs(p) * 2n + abs(q)) / (abs(q) * 2n);
  return Number(neg ? -r : r);
}

/** Tax-inclusive price: price × (1 + rate/100), rounded half up to the fen. rate is integer percent. */
export function taxInclusiveFen(priceFen: number, ratePercent: number): number {
  return Math.round((priceFen * (100 + ratePercent)) / 100);
}
