// Renders the web app manifest's PNG icons in public/icons/ from public/favicon.svg with the system's Chromium.
// The PNGs are committed as source assets; run this again after changing the favicon or the theme colour:
//   npx tsx scripts/make-icons.ts            (CHROMIUM_PATH=/path/to/chromium if it is not /usr/bin/chromium)
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'public/icons');

interface Icon {
  file: string;
  size: number;
  /** Opaque full-bleed background in the theme colour; otherwise transparent outside the favicon's shape. */
  background: boolean;
  /** Share of the icon's width the favicon's 64-unit drawing takes, centred. */
  scale: number;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, background: false, scale: 1 },
  { file: 'icon-512.png', size: 512, background: false, scale: 1 },
  // Maskable: platforms crop to any shape that contains the central circle of 80% of the width. The symbol's
  // farthest points (the foot of the hills) lie 31.6 of 64 units from the centre, so at 78% of the width they sit
  // 38.5% of the width from the centre, inside the 40% radius of the safe zone.
  { file: 'maskable-512.png', size: 512, background: true, scale: 0.78 },
  // iOS puts the touch icon on black where it is transparent and rounds its corners itself: opaque, some margin.
  { file: 'apple-touch-icon.png', size: 180, background: true, scale: 0.9 },
];

/** The dark theme's page colour (the default theme), as in src/styles/theme.css and the manifest. */
async function themeBackground(): Promise<string> {
  const css = await readFile(path.join(root, 'src/styles/theme.css'), 'utf8');
  const rootBlock = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const colour = /--bg:\s*(#[0-9a-fA-F]{3,8})\s*;/.exec(rootBlock)?.[1];
  if (!colour) throw new Error('src/styles/theme.css: no --bg colour in the first :root block');
  return colour;
}

function pageFor(svg: string, icon: Icon, background: string): string {
  const side = Math.round(icon.size * icon.scale);
  const sized = svg.replace('<svg ', `<svg width="${side}" height="${side}" `);
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: ${icon.size}px; height: ${icon.size}px; overflow: hidden;
      background: ${icon.background ? background : 'transparent'}; }
    body { display: flex; align-items: center; justify-content: center; }
    svg { display: block; }
  </style></head><body>${sized}</body></html>`;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  if (png.toString('latin1', 1, 4) !== 'PNG') throw new Error('Not a PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

async function main(): Promise<void> {
  const svg = (await readFile(path.join(root, 'public/favicon.svg'), 'utf8')).trim();
  if (!svg.startsWith('<svg ')) throw new Error('public/favicon.svg: expected it to start with <svg');
  const background = await themeBackground();
  await mkdir(outDir, { recursive: true });

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({
        viewport: { width: icon.size, height: icon.size },
        deviceScaleFactor: 1,
      });
      await page.setContent(pageFor(svg, icon, background));
      const png = await page.screenshot({ omitBackground: !icon.background, type: 'png' });
      await page.close();
      const [width, height] = pngSize(png);
      if (width !== icon.size || height !== icon.size) {
        throw new Error(`${icon.file}: rendered ${width}x${height}, expected ${icon.size}x${icon.size}`);
      }
      await writeFile(path.join(outDir, icon.file), png);
      console.log(`public/icons/${icon.file}  ${width}x${height}  ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

await main();
