// Makes the install icons (PNG) from public/favicon.svg's design; the PNGs are committed.
// Run from the repository root: node --import tsx packages/web/build/make-icons.ts
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const favicon = readFileSync(`${publicDir}favicon.svg`, 'utf8');

/** The favicon's gradient and its three bars (a 32-unit box), inner part only. */
function inner(svg: string): string {
  const defs = /<defs>.*<\/defs>/s.exec(svg)?.[0] ?? '';
  const bars = [...svg.matchAll(/<rect x="8"[^>]*\/>/g)].map((m) => m[0]).join('');
  return `${defs}::${bars}`;
}

/**
 * A full-bleed square (no transparent corners: Android masks it, iOS rounds it) with the bars
 * scaled into the middle `scale` of the square, inside the maskable safe zone.
 */
function fullBleed(scale: number): string {
  const [defs, bars] = inner(favicon).split('::');
  const offset = (32 - 32 * scale) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${defs}` +
    `<rect width="32" height="32" fill="url(#g)"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${bars}</g></svg>`
  );
}

async function png(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${publicDir}icons/${file}`);
  console.log(`icons/${file}`);
}

// "any" icons: the favicon as it is (rounded corners, transparent outside).
await png(favicon, 192, 'icon-192.png');
await png(favicon, 512, 'icon-512.png');
// Maskable: the bars within the central 80% circle the platforms may keep.
await png(fullBleed(0.7), 512, 'maskable-512.png');
// iOS home screen: square, the system rounds the corners.
await png(fullBleed(0.85), 180, 'apple-touch-icon.png');
