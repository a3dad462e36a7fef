// Draws the app's icons (the header's mark: a car on the brand's blue) as PNGs into
// public/icons/, for the web app manifest. Run again after changing the mark:
//   node scripts/make-icons.mjs
// Chromium draws them (the SVG path has arcs that no small rasteriser here would draw the same).
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CAR =
  'M5 17h14M6.5 17v2M17.5 17v2M4 13l2-5.5A2 2 0 0 1 7.9 6h8.2a2 2 0 0 1 1.9 1.5L20 13M4 13h16v4H4zM7.5 15h.01M16.5 15h.01';
const BLUE = '#1d4ed8';

/**
 * `any`: a rounded square with the car, as the header draws it. `maskable`: the blue fills the
 * whole square (the platform cuts its own shape) and the car keeps within the middle 60 %, inside
 * the safe circle of 80 %.
 */
function page(size, purpose) {
  const radius = purpose === 'maskable' ? 0 : Math.round(size * 0.22);
  const car = Math.round(size * (purpose === 'maskable' ? 0.5 : 0.62));
  return `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:${size}px;height:${size}px;border-radius:${radius}px;background:${BLUE};display:grid;place-items:center">
<svg viewBox="0 0 24 24" width="${car}" height="${car}" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${CAR}"/></svg>
</div></body></html>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'maskable-192.png', size: 192, purpose: 'maskable' },
  { file: 'maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, purpose: 'maskable' },
];

mkdirSync('public/icons', { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, purpose } of ICONS) {
    const tab = await browser.newPage({ viewport: { width: size, height: size } });
    await tab.setContent(page(size, purpose));
    await tab.screenshot({ path: `public/icons/${file}`, omitBackground: true });
    await tab.close();
    console.log(`public/icons/${file}`);
  }
} finally {
  await browser.close();
}
