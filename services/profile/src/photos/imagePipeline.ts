import sharp from 'sharp';
import { sniffImageFormat, type ImageFormat } from './sniff';

export const PhotoSizes = {
  /** What cards and the detail sheet show: the long side at most 1080 px. */
  display: { maxSide: 1080, quality: 82 },
  /** Square crop for avatars and lists. */
  thumb: { maxSide: 320, quality: 76 },
} as const;
export type PhotoSize = keyof typeof PhotoSizes;
export const photoSizes = Object.keys(PhotoSizes) as PhotoSize[];

/** Refuses images that would decode to more pixels than this (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const PHOTO_CONTENT_TYPE = 'image/webp';

export class UnsupportedImageError extends Error {
  override readonly name = 'UnsupportedImageError';
}
export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

export interface ProcessedPhoto {
  sourceFormat: ImageFormat;
  renditions: Record<PhotoSize, { data: Buffer; contentType: string; width: number; height: number }>;
}

/**
 * Decodes the upload and encodes fresh WebP renditions: rotated upright from the EXIF orientation first,
 * then written without any metadata (sharp copies none unless asked), so EXIF GPS, ICC profiles, XMP and
 * comments never reach anyone.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const sourceFormat = sniffImageFormat(input);
  if (!sourceFormat) throw new UnsupportedImageError('not a JPEG, PNG, WebP or GIF image');
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const metadata = await open().metadata();
    if (metadata.format !== sourceFormat) {
      throw new UnsupportedImageError(`content says ${sourceFormat}, decoder says ${metadata.format}`);
    }
    const display = await open()
      .autoOrient()
      .resize({ width: PhotoSizes.display.maxSide, height: PhotoSizes.display.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: PhotoSizes.display.quality })
      .toBuffer({ resolveWithObject: true });
    const thumb = await open()
      .autoOrient()
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
    if (error instanceof UnsupportedImageError) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}
