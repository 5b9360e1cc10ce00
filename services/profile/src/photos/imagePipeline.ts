import sharp from 'sharp';
import { ProfileLimits } from '@nocturne/contracts';
import { sniffImageFormat, type ImageFormat } from './sniff';

export const PhotoSizes = {
  /** What cards and the detail sheet show: the long side at most 1080 px. */
  display: { maxSide: 1080, quality: 82 },
  /** Square crop for avatars and lists. */
  thumb: { maxSide: 320, quality: 76 },
} as const;
export type PhotoSize = keyof typeof PhotoSizes;
export const photoSizes = Object.keys(PhotoSizes) as PhotoSize[];

/**
 * The most pixels an upload may have: 24 MP (6000 x 4000) holds every photo a phone saves by default
 * (12 MP, or the 24 MP of some 48/50 MP sensors); full-resolution 48+ MP modes are refused. Checked from
 * the header before anything is decoded, so a small file claiming huge dimensions costs nothing.
 */
export const MAX_INPUT_PIXELS = ProfileLimits.photoMaxMegapixels * 1_000_000;
export const PHOTO_CONTENT_TYPE = 'image/webp';

export class UnsupportedImageError extends Error {
  override readonly name = 'UnsupportedImageError';
}
export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}
export class TooManyPixelsError extends Error {
  override readonly name = 'TooManyPixelsError';
}

export interface ProcessedPhoto {
  sourceFormat: ImageFormat;
  renditions: Record<PhotoSize, { data: Buffer; contentType: string; width: number; height: number }>;
}

/**
 * Checks the header (format by content, dimensions), then decodes once: rotated upright from the EXIF
 * orientation and fitted to the display size as raw pixels, from which both WebP renditions are encoded.
 * They are written without any metadata (sharp copies none unless asked), so EXIF GPS, ICC profiles, XMP
 * and comments never reach anyone.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const sourceFormat = sniffImageFormat(input);
  if (!sourceFormat) throw new UnsupportedImageError('not a JPEG, PNG, WebP or GIF image');
  try {
    // Header only: no pixel is decoded here, whatever dimensions the file claims.
    const metadata = await sharp(input, { limitInputPixels: false, animated: false }).metadata();
    if (metadata.format !== sourceFormat) {
      throw new UnsupportedImageError(`content says ${sourceFormat}, decoder says ${metadata.format}`);
    }
    const { width = 0, height = 0 } = metadata;
    if (width * height > MAX_INPUT_PIXELS) throw new TooManyPixelsError(`${width} x ${height} pixels`);
    const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .autoOrient()
      .resize({ width: PhotoSizes.display.maxSide, height: PhotoSizes.display.maxSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(upright.data, { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } });
    const display = await pixels().webp({ quality: PhotoSizes.display.quality }).toBuffer({ resolveWithObject: true });
    const thumb = await pixels()
      .resize({ width: PhotoSizes.thumb.maxSide, height: PhotoSizes.thumb.maxSide, fit: 'cover', position: 'attention' })
      .webp({ quality: PhotoSizes.thumb.quality })
      .toBuffer({ resolveWithObject: true });
    return {
      sourceFormat,
      renditions: {
        display: { data: display.data, contentType: PHOTO_CONTENT_TYPE, width: display.info.width, height: display.info.height },
        thumb: { data: thumb.data, contentType: PHOTO_CONTENT_TYPE, width: thumb.info.width, height: thumb.info.height },
      },
    };
  } catch (error) {
    if (error instanceof UnsupportedImageError || error instanceof TooManyPixelsError) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}
