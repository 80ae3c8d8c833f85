// The demo studio's pictures, drawn at first start (no files shipped): app icons, screenshots and
// post images as simple generated art (gradients, hills, floating shapes, the app's initial),
// rendered by sharp from SVG to JPEG, then uploaded like any image (variants and all).
import sharp from 'sharp';

export type Orientation = 'landscape' | 'portrait';

/** How a demo app looks: its colour, and whether its screenshots are wide or phone-tall. */
export interface DemoArt {
  hue: number;
  orientation: Orientation;
}

/** Screenshots and post images: wide ones are big enough to be share images (1200×630 or more). */
export const SHOT_SIZE: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 1200, height: 675 },
  portrait: { width: 540, height: 960 },
};
export const ICON_SIDE = 256;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${((h % 360) + 360) % 360},${s}%,${l}%,${a})`;

/** A small deterministic random sequence, so that the same art (and bytes) comes out each time. */
function random(seed: number) {
  let x = seed * 2654435761 + 1;
  return () => {
    x = (Math.imul(x ^ (x >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return x / 2 ** 32;
  };
}

const toJpeg = (svg: string) => sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();

export function iconSvg(title: string, art: DemoArt): string {
  const s = ICON_SIDE;
  const initial = xml([...title.trim()][0]?.toUpperCase() ?? '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(art.hue, 75, 60)}"/><stop offset="1" stop-color="${hsl(art.hue + 45, 70, 32)}"/></linearGradient></defs>
<rect width="${s}" height="${s}" fill="url(#g)"/>
<circle cx="${s * 0.78}" cy="${s * 0.2}" r="${s * 0.32}" fill="${hsl(art.hue + 20, 90, 85, 0.25)}"/>
<circle cx="${s * 0.5}" cy="${s * 0.5}" r="${s * 0.36}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="${s * 0.04}"/>
<text x="${s / 2}" y="${s * 0.66}" text-anchor="middle" font-family="${FONT}" font-size="${s * 0.46}" font-weight="bold" fill="#fff">${initial}</text>
</svg>`;
}

/** A scene: sky, a sun or moon, three layers of hills, floating shapes and a game-like top bar. */
export function sceneSvg(title: string, art: DemoArt, index: number, orientation = art.orientation): string {
  const { width: w, height: h } = SHOT_SIZE[orientation];
  const rnd = random(art.hue * 31 + index * 7 + (orientation === 'portrait' ? 3 : 0));
  const hue = art.hue + index * 24;
  const night = index % 2 === 1;
  const hill = (base: number, amp: number, colour: string) => {
    const steps = 8;
    const pts = Array.from({ length: steps + 1 }, (_, i) => {
      const x = (w / steps) * i;
      const y = h * base + Math.sin(i * 1.3 + rnd() * 2) * h * amp;
      return `${x.toFixed(0)},${y.toFixed(0)}`;
    });
    return `<polygon points="0,${h} ${pts.join(' ')} ${w},${h}" fill="${colour}"/>`;
  };
  const shapes = Array.from({ length: 9 }, () => {
    const x = rnd() * w;
    const y = rnd() * h * 0.55 + h * 0.12;
    const r = (rnd() * 0.025 + 0.012) * Math.max(w, h);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(r * 2).toFixed(0)}" fill="${hsl(hue + 40, 100, 70, 0.18)}"/><rect x="${(x - r / 2).toFixed(0)}" y="${(y - r / 1.4).toFixed(0)}" width="${r.toFixed(0)}" height="${(r * 1.4).toFixed(0)}" rx="${(r / 3).toFixed(0)}" fill="${hsl(hue + 40, 95, night ? 72 : 62)}"/>`;
  }).join('');
  const bar = Math.round(Math.min(w, h) * 0.09);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 200, 55, night ? 12 : 45)}"/><stop offset="1" stop-color="${hsl(hue + 170, 60, night ? 30 : 78)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${w * 0.75}" cy="${h * 0.22}" r="${Math.min(w, h) * 0.1}" fill="${night ? '#f4f1e0' : hsl(hue + 30, 95, 70)}"/>
${shapes}
${hill(0.62, 0.05, hsl(hue + 150, 35, night ? 22 : 55))}
${hill(0.72, 0.04, hsl(hue + 140, 40, night ? 16 : 42))}
${hill(0.84, 0.03, hsl(hue + 130, 45, night ? 10 : 30))}
<rect x="${bar * 0.4}" y="${bar * 0.4}" width="${w - bar * 0.8}" height="${bar}" rx="${bar / 2}" fill="#000" fill-opacity="0.35"/>
<text x="${bar}" y="${bar * 1.05}" font-family="${FONT}" font-size="${bar * 0.42}" font-weight="bold" fill="#fff">${xml(title)}</text>
<text x="${w - bar}" y="${bar * 1.05}" text-anchor="end" font-family="${FONT}" font-size="${bar * 0.38}" fill="#fff">Level ${index + 3}</text>
</svg>`;
}

export const drawIcon = (title: string, art: DemoArt) => toJpeg(iconSvg(title, art));
export const drawScene = (title: string, art: DemoArt, index: number, orientation?: Orientation) =>
  toJpeg(sceneSvg(title, art, index, orientation));
