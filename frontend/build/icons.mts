import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin } from 'vite';

const source = fileURLToPath(new URL('./appIcon.svg', import.meta.url));

/** The home-screen icons the web app manifest and index.html name, rendered from one night-sky SVG. */
export const APP_ICONS = [
  { fileName: 'icons/icon-192.png', size: 192 },
  { fileName: 'icons/icon-512.png', size: 512 },
  // iOS ignores the manifest and asks for this one.
  { fileName: 'icons/apple-touch-icon.png', size: 180 },
] as const;

export async function renderIcon(svg: Buffer, size: number): Promise<Buffer> {
  return sharp(svg, { density: Math.ceil((72 * size) / 512) })
    .resize(size, size)
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

/** Vite plugin: renders the PNG icons into the build, so no binary image is kept in the repository. */
export function appIconsPlugin(): Plugin {
  return {
    name: 'nocturne:app-icons',
    apply: 'build',
    async generateBundle() {
      const svg = await readFile(source);
      for (const icon of APP_ICONS) {
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: await renderIcon(svg, icon.size) });
      }
    },
  };
}
