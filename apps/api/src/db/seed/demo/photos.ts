import sharp from 'sharp';
import type { CategoryId } from '@keeb/shared';

const W = 800;
const H = 600;

type Palette = readonly [string, string, string];

function key(x: number, y: number, w: number, h: number, fill: string, shade = 'rgba(0,0,0,0.18)'): string {
  return (
    `<rect x="${x}" y="${y + 4}" width="${w}" height="${h}" rx="7" fill="${shade}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="7" fill="${fill}"/>` +
    `<rect x="${x + 5}" y="${y + 4}" width="${w - 10}" height="${h - 12}" rx="5" fill="rgba(255,255,255,0.16)"/>`
  );
}

/** A 65%-ish layout: rows of unit keys with wider modifiers, accents on escape, enter and the arrows. */
function keyboard([body, alpha, accent]: Palette, variant: number): string {
  const unit = 44;
  const gap = 4;
  const rows = [
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1],
    [1.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.5, 1],
    [1.75, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2.25, 1],
    [2.25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.75, 1, 1],
    [1.25, 1.25, 1.25, 6.25, 1, 1, 1, 1, 1, 1],
  ];
  const x0 = 28;
  const y0 = 175 + (variant % 3) * 6;
  let keys = '';
  rows.forEach((row, r) => {
    let x = x0 + 20;
    row.forEach((size, c) => {
      const w = size * unit - gap;
      const isAccent = (r === 0 && c === 0) || (r === 2 && c === row.length - 2) || (r >= 3 && c >= row.length - 3 && size === 1);
      const isMod = size > 1 && !isAccent;
      keys += key(x, y0 + 20 + r * unit, w, unit - gap, isAccent ? accent : isMod ? alpha : body === alpha ? '#ffffff' : lighten(body));
      x += size * unit;
    });
  });
  return (
    `<rect x="${x0}" y="${y0}" width="${16 * unit + 40}" height="${5 * unit + 40}" rx="18" fill="${body}" stroke="rgba(0,0,0,0.25)" stroke-width="2"/>` +
    keys
  );
}

function lighten(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * 0.82);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `rgb(${r},${g},${b})`;
}

/** A keycap set sprued on a tray. */
function keycaps([tray, alpha, accent]: Palette, variant: number): string {
  let out = `<rect x="90" y="110" width="620" height="380" rx="16" fill="${tray}" stroke="rgba(0,0,0,0.2)" stroke-width="2"/>`;
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 9; c++) {
      const accentKey = (r * 9 + c + variant) % 11 === 0;
      out += key(120 + c * 64, 135 + r * 68, 54, 54, accentKey ? accent : r % 2 ? alpha : lighten(alpha));
    }
  }
  return out;
}

/** One large sculpted artisan keycap. */
function artisan([base, body, accent]: Palette, variant: number): string {
  const cx = 400 + ((variant % 5) - 2) * 10;
  return (
    `<ellipse cx="${cx}" cy="470" rx="190" ry="28" fill="rgba(0,0,0,0.18)"/>` +
    `<path d="M ${cx - 170} 460 L ${cx - 130} 200 Q ${cx} 170 ${cx + 130} 200 L ${cx + 170} 460 Z" fill="${body}"/>` +
    `<path d="M ${cx - 120} 220 Q ${cx} 195 ${cx + 120} 220 L ${cx + 110} 300 Q ${cx} 280 ${cx - 110} 300 Z" fill="${lighten(body)}" opacity="0.55"/>` +
    `<circle cx="${cx}" cy="330" r="70" fill="${accent}"/>` +
    `<circle cx="${cx - 22}" cy="315" r="16" fill="${base}"/><circle cx="${cx + 22}" cy="315" r="16" fill="${base}"/>` +
    `<path d="M ${cx - 30} 355 Q ${cx} 380 ${cx + 30} 355" stroke="${base}" stroke-width="8" fill="none" stroke-linecap="round"/>`
  );
}

/** A bag of switches, drawn as housings with cross stems. */
function parts([, housing, stem]: Palette, variant: number): string {
  let out = '';
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 5; c++) {
      const x = 150 + c * 110 + (r % 2) * 30;
      const y = 140 + r * 115 + ((c + variant) % 2) * 8;
      out +=
        `<rect x="${x}" y="${y + 6}" width="84" height="84" rx="12" fill="rgba(0,0,0,0.2)"/>` +
        `<rect x="${x}" y="${y}" width="84" height="84" rx="12" fill="${housing}"/>` +
        `<rect x="${x + 14}" y="${y + 14}" width="56" height="56" rx="8" fill="${lighten(housing)}" opacity="0.6"/>` +
        `<rect x="${x + 36}" y="${y + 22}" width="12" height="40" rx="3" fill="${stem}"/>` +
        `<rect x="${x + 22}" y="${y + 36}" width="40" height="12" rx="3" fill="${stem}"/>`;
    }
  }
  return out;
}

/** A coiled cable with an aviator connector across a desk mat. */
function accessories([mat, cable, metal]: Palette, variant: number): string {
  let coil = '';
  for (let i = 0; i < 14; i++) coil += `<ellipse cx="${250 + i * 22}" cy="${300 + (variant % 3) * 4}" rx="16" ry="46" fill="none" stroke="${cable}" stroke-width="11"/>`;
  return (
    `<rect x="60" y="120" width="680" height="360" rx="24" fill="${mat}" stroke="rgba(0,0,0,0.15)" stroke-width="2"/>` +
    `<path d="M 100 420 C 160 420 180 300 240 300" stroke="${cable}" stroke-width="11" fill="none"/>` +
    coil +
    `<path d="M 560 300 C 610 300 610 220 660 220" stroke="${cable}" stroke-width="11" fill="none"/>` +
    `<rect x="520" y="276" width="60" height="48" rx="10" fill="${metal}"/>` +
    `<rect x="650" y="200" width="46" height="40" rx="8" fill="${metal}"/>`
  );
}

const DRAW: Record<CategoryId, (p: Palette, variant: number) => string> = { keyboards: keyboard, keycaps, artisan, parts, accessories };

function svgFor(category: CategoryId, palette: Palette, variant: number): Buffer {
  const [light, dark] = variant % 2 ? ['#f5f3ef', '#e4e0d8'] : ['#eef1f5', '#d9dee6'];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
      DRAW[category](palette, variant) +
      `</svg>`,
  );
}

/** Renders a listing's two photos (a full shot and a close-up) as JPEG; the caller stores them like uploads. */
export async function renderDemoPhotos(category: CategoryId, palette: Palette, variant: number) {
  const full = await sharp(svgFor(category, palette, variant)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  const closeUp = await sharp(full).extract({ left: 160, top: 120, width: 480, height: 360 }).resize(W, H).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return [full, closeUp];
}

/** A demo avatar: a keycap on the user's colour (no text, so it renders the same without system fonts). */
export function renderAvatar(colour: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="${colour}"/>` +
    `<rect x="38" y="46" width="84" height="76" rx="14" fill="rgba(0,0,0,0.22)"/>` +
    `<rect x="38" y="38" width="84" height="76" rx="14" fill="#ffffff"/>` +
    `<rect x="52" y="48" width="56" height="48" rx="9" fill="${colour}" opacity="0.35"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
