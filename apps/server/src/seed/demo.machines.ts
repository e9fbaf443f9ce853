import sharp from 'sharp';

/**
 * Generated photos of construction machines for the demo listings (no image is repeated): a machine silhouette per
 * kind (excavator, loader, dozer, crane, tower crane, aerial platform, roller, paver, pump truck, mixer, drill rig,
 * truck, forklift) drawn as SVG in the listing's colour, on a varied scene (sky at a time of day, ground, skyline or
 * hills), at a varied angle (mirrored, scaled, placed) with the brand and model on the body; and a metal nameplate.
 * 800×600 JPEG, quality 80.
 */
export type TMachineKind =
  | 'excavator'
  | 'loader'
  | 'dozer'
  | 'crane'
  | 'tower'
  | 'aerial'
  | 'roller'
  | 'paver'
  | 'pump'
  | 'mixer'
  | 'drill'
  | 'truck'
  | 'forklift';

export const W = 800;
export const H = 600;

/** A small deterministic PRNG (mulberry32), so the demo draws the same pictures on every start. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const DARK = '#2b2b2b';
const GLASS = '#9fd3f0';

function wheel(cx: number, cy: number, r: number) {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#222"/><circle cx="${cx}" cy="${cy}" r="${r * 0.5}" fill="#777"/><circle cx="${cx}" cy="${cy}" r="${r * 0.18}" fill="#333"/>`;
}
function track(x: number, y: number, w: number, h: number) {
  const n = Math.max(3, Math.round(w / 45));
  const wheels = Array.from(
    { length: n },
    (_, i) => `<circle cx="${x + h / 2 + (i * (w - h)) / (n - 1)}" cy="${y + h / 2}" r="${h * 0.3}" fill="#555"/>`,
  ).join('');
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${DARK}"/>${wheels}`;
}
function cab(x: number, y: number, w: number, h: number, c: string) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${c}"/><rect x="${x + 8}" y="${y + 8}" width="${w - 16}" height="${h * 0.55}" rx="4" fill="${GLASS}" opacity=".9"/>`;
}
/** Whether the machine being drawn is mirrored: its labels are flipped back so that they read left to right. */
let flipped = false;
const textWidth = (text: string, size: number) =>
  [...text].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? size : size * 0.64), 0);
function label(x: number, y: number, text: string, size = 20, fill = '#1b1b1b') {
  if (flipped)
    return `<g transform="translate(${2 * x + textWidth(text, size)},0) scale(-1,1)">${plainLabel(x, y, text, size, fill)}</g>`;
  return plainLabel(x, y, text, size, fill);
}
function plainLabel(x: number, y: number, text: string, size = 20, fill = '#1b1b1b') {
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans, Noto Sans CJK SC, sans-serif" font-weight="bold" font-size="${size}" fill="${fill}">${esc(text)}</text>`;
}
function truckBase(c: string, brand: string, len = 420) {
  return `<rect x="20" y="220" width="${len}" height="34" rx="6" fill="#3a3a3a"/>${cab(len - 80, 130, 100, 100, c)}${wheel(80, 268, 30)}${wheel(150, 268, 30)}${wheel(len - 50, 268, 30)}${label(len - 70, 222, brand, 14, '#fff')}`;
}

/** The machine in a 500×300 box standing on y = 300. */
function machine(kind: TMachineKind, c: string, brand: string, model: string, r: () => number): string {
  const arm = 0.85 + r() * 0.3;
  switch (kind) {
    case 'excavator':
      return `${track(10, 250, 290, 50)}<rect x="30" y="235" width="250" height="18" fill="#444"/>
        <rect x="20" y="175" width="90" height="65" rx="10" fill="${c}"/><rect x="60" y="165" width="200" height="75" rx="8" fill="${c}"/>
        ${cab(170, 95, 80, 80, c)}
        <polyline points="230,190 ${300 * arm + 30},${70 / arm} ${420 * arm},${190}" fill="none" stroke="${c}" stroke-width="26" stroke-linejoin="round"/>
        <line x1="255" y1="170" x2="${300 * arm + 20}" y2="${95 / arm}" stroke="#666" stroke-width="6"/>
        <path d="M${420 * arm - 10},185 l50,20 l-10,60 l-55,-10 z" fill="#555"/>
        ${label(75, 215, brand, 20)}${label(75, 236, model, 14, '#333')}`;
    case 'loader':
      return `${wheel(90, 250, 50)}${wheel(300, 250, 50)}<rect x="30" y="170" width="320" height="70" rx="10" fill="${c}"/>
        ${cab(150, 80, 100, 95, c)}<rect x="30" y="150" width="70" height="30" rx="6" fill="${c}"/>
        <polyline points="320,190 ${400 * arm},150 ${440 * arm},210" fill="none" stroke="${c}" stroke-width="22"/>
        <path d="M${430 * arm},170 l70,0 l-10,80 l-70,0 z" fill="#555"/>${label(45, 215, brand, 20)}${label(45, 235, model, 14, '#333')}`;
    case 'dozer':
      return `${track(30, 240, 320, 60)}<rect x="50" y="165" width="280" height="80" rx="8" fill="${c}"/>${cab(90, 80, 110, 90, c)}
        <rect x="370" y="170" width="30" height="130" rx="4" fill="#555"/><line x1="330" y1="220" x2="372" y2="210" stroke="${c}" stroke-width="18"/>
        ${label(215, 210, brand, 20)}${label(215, 232, model, 14, '#333')}`;
    case 'crane': {
      const ang = -(18 + r() * 22);
      return `${truckBase(c, brand, 440)}<rect x="40" y="190" width="300" height="34" rx="4" fill="${c}"/>
        <g transform="rotate(${ang} 110 190)"><rect x="100" y="172" width="${380 * arm}" height="26" fill="${c}"/><rect x="100" y="178" width="${380 * arm}" height="6" fill="#0003"/></g>
        <rect x="90" y="160" width="60" height="40" rx="5" fill="${c}"/>${label(160, 215, model, 16, '#222')}`;
    }
    case 'tower':
      return `<rect x="200" y="-160" width="36" height="460" fill="none" stroke="${c}" stroke-width="6"/>
        ${Array.from({ length: 11 }, (_, i) => `<line x1="200" y1="${300 - i * 42}" x2="236" y2="${258 - i * 42}" stroke="${c}" stroke-width="4"/>`).join('')}
        <rect x="60" y="-185" width="${460 * arm}" height="22" fill="${c}"/><rect x="-20" y="-185" width="90" height="22" fill="${c}"/><rect x="-30" y="-175" width="50" height="40" fill="#666"/>
        ${cab(236, -160, 46, 40, c)}<line x1="${60 + 380 * arm}" y1="-163" x2="${60 + 380 * arm}" y2="60" stroke="#444" stroke-width="2"/><rect x="${52 + 380 * arm}" y="60" width="16" height="18" fill="#444"/>
        <rect x="170" y="280" width="96" height="20" fill="#777"/>${label(90, -168, brand + ' ' + model, 14, '#222')}`;
    case 'aerial': {
      const lift = 3 + Math.floor(r() * 3);
      const seg = 150 / lift;
      const xs = Array.from(
        { length: lift },
        (_, i) =>
          `<line x1="70" y1="${240 - i * seg}" x2="330" y2="${240 - (i + 1) * seg}" stroke="${c}" stroke-width="10"/><line x1="330" y1="${240 - i * seg}" x2="70" y2="${240 - (i + 1) * seg}" stroke="${c}" stroke-width="10"/>`,
      ).join('');
      return `${wheel(90, 275, 24)}${wheel(320, 275, 24)}<rect x="40" y="235" width="330" height="40" rx="6" fill="${c}"/>${xs}
        <rect x="30" y="${80 - 0}" width="350" height="14" fill="${c}"/><rect x="30" y="40" width="350" height="40" fill="none" stroke="#555" stroke-width="4"/>
        ${label(60, 262, brand + ' ' + model, 16)}`;
    }
    case 'roller':
      return `<rect x="20" y="200" width="140" height="100" rx="48" fill="#555"/><rect x="30" y="210" width="120" height="80" rx="40" fill="#888"/>
        <rect x="60" y="150" width="300" height="70" rx="10" fill="${c}"/>${cab(210, 60, 100, 95, c)}<rect x="200" y="50" width="120" height="12" fill="${c}"/>
        ${wheel(320, 255, 45)}${label(80, 195, brand, 20)}${label(80, 214, model, 14, '#333')}`;
    case 'paver':
      return `${track(40, 255, 330, 45)}<rect x="30" y="180" width="380" height="75" rx="8" fill="${c}"/><path d="M360,180 l90,-30 l0,60 l-40,25 z" fill="#666"/>
        <rect x="0" y="260" width="60" height="30" fill="#444"/><rect x="150" y="120" width="120" height="60" rx="6" fill="${c}"/><rect x="140" y="70" width="150" height="10" fill="${DARK}"/>
        <line x1="150" y1="80" x2="150" y2="120" stroke="${DARK}" stroke-width="5"/><line x1="280" y1="80" x2="280" y2="120" stroke="${DARK}" stroke-width="5"/>${label(50, 225, brand + ' ' + model, 18)}`;
    case 'pump':
      return `${truckBase(c, brand, 460)}<rect x="30" y="190" width="360" height="34" rx="4" fill="${c}"/>
        <polyline points="90,185 380,160 110,140 ${360 * arm},118 130,98" fill="none" stroke="${c}" stroke-width="16" stroke-linejoin="round"/>
        <rect x="70" y="165" width="50" height="30" fill="#555"/>${label(170, 215, model, 15, '#222')}`;
    case 'mixer':
      return `${truckBase(c, brand, 440)}<g transform="rotate(-12 200 170)"><ellipse cx="200" cy="170" rx="150" ry="62" fill="${c}"/>
        ${[0, 1, 2, 3].map((i) => `<line x1="${100 + i * 55}" y1="112" x2="${130 + i * 55}" y2="228" stroke="#0003" stroke-width="12"/>`).join('')}</g>
        <rect x="40" y="200" width="300" height="22" fill="#444"/>${label(120, 180, model, 18, '#222')}`;
    case 'drill':
      return `${track(20, 250, 300, 50)}<rect x="40" y="180" width="230" height="70" rx="8" fill="${c}"/>${cab(60, 110, 80, 75, c)}
        <rect x="300" y="-180" width="30" height="460" fill="${c}"/><rect x="308" y="-180" width="14" height="460" fill="#0002"/><rect x="311" y="120" width="8" height="170" fill="#555"/>
        <line x1="250" y1="200" x2="300" y2="60" stroke="${c}" stroke-width="14"/><rect x="290" y="250" width="50" height="40" fill="#444"/>${label(150, 225, brand, 18)}${label(150, 244, model, 14, '#333')}`;
    case 'truck':
      return `${truckBase(c, brand, 460)}<path d="M30,215 l10,-110 l330,0 l10,110 z" fill="${c}"/><path d="M40,200 l8,-80 l310,0" fill="none" stroke="#0003" stroke-width="6"/>
        ${wheel(220, 268, 30)}${label(120, 180, model, 22, '#222')}`;
    case 'forklift':
      return `${wheel(110, 265, 35)}${wheel(280, 265, 30)}<rect x="60" y="180" width="260" height="70" rx="12" fill="${c}"/><rect x="40" y="170" width="70" height="70" rx="10" fill="#555"/>
        <line x1="150" y1="180" x2="170" y2="70" stroke="${DARK}" stroke-width="8"/><line x1="290" y1="180" x2="270" y2="70" stroke="${DARK}" stroke-width="8"/><rect x="150" y="62" width="130" height="10" fill="${DARK}"/>
        <rect x="330" y="40" width="18" height="250" fill="#555"/><rect x="348" y="${220 - r() * 120}" width="110" height="10" fill="#666"/>${label(80, 228, brand + ' ' + model, 16)}`;
  }
}

const SKIES = [
  ['#7ec3ef', '#e8f5ff'],
  ['#5d9bd6', '#cfe6f7'],
  ['#f4a261', '#ffe8cc'],
  ['#9aa8b5', '#e3e8ec'],
  ['#89c2d9', '#f1f8e9'],
  ['#4a6fa5', '#f6d7b0'],
];
const GROUNDS = ['#a98c6b', '#8d8d84', '#b59f7c', '#7e6a52', '#9a9a8f', '#c2a878'];

/** One photo: the scene, then the machine (mirrored or not, scaled, placed), then a small caption. */
export function machineSvg(o: {
  kind: TMachineKind;
  color: string;
  brand: string;
  model: string;
  seed: number;
  caption: string;
}): string {
  const r = rng(o.seed);
  const [top, bottom] = SKIES[Math.floor(r() * SKIES.length)];
  const ground = GROUNDS[Math.floor(r() * GROUNDS.length)];
  const horizon = 330 + Math.floor(r() * 80);
  const skyline =
    r() < 0.5
      ? Array.from({ length: 9 }, (_, i) => {
          const h = 40 + r() * 120;
          return `<rect x="${i * 95 + r() * 30}" y="${horizon - h}" width="${50 + r() * 40}" height="${h}" fill="#6d7f8f" opacity="${0.25 + r() * 0.25}"/>`;
        }).join('')
      : `<path d="M0,${horizon} Q${150 + r() * 100},${horizon - 90 - r() * 80} ${400},${horizon - 20} T800,${horizon - 30} L800,${horizon} Z" fill="#6b8f71" opacity=".55"/>`;
  const sun =
    r() < 0.5
      ? `<circle cx="${100 + r() * 600}" cy="${60 + r() * 80}" r="${30 + r() * 20}" fill="#fff6c9" opacity=".8"/>`
      : '';
  const scale = 0.85 + r() * 0.3;
  const mirror = r() < 0.5;
  const x = 30 + r() * Math.max(10, 800 - 500 * scale - 60);
  const y = horizon + 120 + r() * 30 - 300 * scale;
  const t = mirror
    ? `translate(${x + 500 * scale},${y}) scale(${-scale},${scale})`
    : `translate(${x},${y}) scale(${scale})`;
  flipped = mirror;
  const drawn = machine(o.kind, o.color, o.brand, o.model, r);
  flipped = false;
  const stones = Array.from(
    { length: 14 },
    () =>
      `<ellipse cx="${r() * 800}" cy="${horizon + 20 + r() * (600 - horizon)}" rx="${4 + r() * 10}" ry="${2 + r() * 4}" fill="#0002"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
</defs>
    <rect width="800" height="600" fill="url(#sky)"/>${sun}${skyline}<rect y="${horizon}" width="800" height="${600 - horizon}" fill="${ground}"/>${stones}
    <ellipse cx="${x + 250 * scale}" cy="${y + 300 * scale}" rx="${270 * scale}" ry="18" fill="#0003"/>
    <g transform="${t}">${drawn}</g>
    <rect x="0" y="560" width="800" height="40" fill="#0006"/>${plainLabel(20, 587, o.caption, 18, '#fff')}
  </svg>`;
}

/** A stamped metal nameplate with the listing's brand, model, serial number and date. */
export function nameplateSvg(o: {
  brand: string;
  maker: string;
  product: string;
  model: string;
  serial: string;
  date: string;
  spec: string;
  seed: number;
}): string {
  const r = rng(o.seed);
  const tone = 190 + Math.floor(r() * 30);
  const metal = `rgb(${tone},${tone + 3},${tone + 8})`;
  const lines = Array.from(
    { length: 40 },
    (_, i) =>
      `<line x1="60" y1="${70 + i * 12}" x2="740" y2="${72 + i * 12}" stroke="#fff" stroke-opacity="${0.08 + r() * 0.1}"/>`,
  ).join('');
  const row = (i: number, k: string, v: string) =>
    `<text x="110" y="${250 + i * 52}" font-family="Noto Sans CJK SC, sans-serif" font-size="26" fill="#222">${esc(k)}</text><text x="300" y="${250 + i * 52}" font-family="DejaVu Sans Mono, Noto Sans CJK SC, monospace" font-size="26" fill="#111">${esc(v)}</text><line x1="300" y1="${258 + i * 52}" x2="690" y2="${258 + i * 52}" stroke="#555" stroke-width="1"/>`;
  const rivet = (x: number, y: number) =>
    `<circle cx="${x}" cy="${y}" r="10" fill="#999" stroke="#666" stroke-width="2"/><circle cx="${x - 3}" cy="${y - 3}" r="3" fill="#ddd"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <rect width="800" height="600" fill="#3d3f42"/>
    <rect x="40" y="50" width="720" height="500" rx="18" fill="${metal}" stroke="#8a8d91" stroke-width="4"/>${lines}
    <rect x="60" y="70" width="680" height="460" rx="10" fill="none" stroke="#444" stroke-width="3"/>
    ${rivet(80, 90)}${rivet(720, 90)}${rivet(80, 510)}${rivet(720, 510)}
    <text x="400" y="140" text-anchor="middle" font-family="Noto Sans CJK SC, sans-serif" font-weight="bold" font-size="40" fill="#1a1a1a">${esc(o.brand)}</text>
    <text x="400" y="185" text-anchor="middle" font-family="Noto Sans CJK SC, sans-serif" font-size="24" fill="#333" letter-spacing="8">产 品 铭 牌</text>
    ${row(0, '产品名称', o.product)}${row(1, '产品型号', o.model)}${row(2, '出厂编号', o.serial)}${row(3, '主要参数', o.spec)}${row(4, '出厂日期', o.date)}
    <text x="400" y="515" text-anchor="middle" font-family="Noto Sans CJK SC, sans-serif" font-size="20" fill="#333">${esc(o.maker)}</text>
  </svg>`;
}

/**
 * Pictures drawn at once, at most: each takes a thread of libuv's pool (4 threads) while libvips draws it, and the
 * demo's file writes and password hashes queue for the same pool. With every picture of the demo queued at once
 * (300 of them), a file write of the first listing waited for the last picture; with three, one thread stays free.
 */
const DRAWING = 3;
let drawing = 0;
const waiting: (() => void)[] = [];

/** A picture (SVG) as a JPEG, drawn in turn with the demo's other pictures (first asked, first drawn). */
export async function svgToJpeg(svg: string, quality = 80): Promise<Buffer> {
  if (drawing < DRAWING) drawing++;
  else await new Promise<void>((go) => waiting.push(go)); // the slot is handed over by the picture that ends
  try {
    return await sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else drawing--;
  }
}

/**
 * Pictures an area will write, drawn ahead: demo.ts asks for them before the rows of the areas before it are written,
 * and the area takes each (by its SVG) when it writes it; one not asked for ahead is drawn when taken.
 */
export class DemoPictures {
  private readonly ahead = new Map<string, Promise<Buffer>>();
  draw(svg: string, quality = 80): void {
    const key = `${quality}:${svg}`;
    if (this.ahead.has(key)) return;
    const p = svgToJpeg(svg, quality);
    p.catch(() => {}); // a failure is the taker's
    this.ahead.set(key, p);
  }
  take(svg: string, quality = 80): Promise<Buffer> {
    const key = `${quality}:${svg}`;
    const p = this.ahead.get(key);
    if (!p) return svgToJpeg(svg, quality);
    this.ahead.delete(key);
    return p;
  }
}
