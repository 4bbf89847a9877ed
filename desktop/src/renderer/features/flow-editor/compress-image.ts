import imageCompression from 'browser-image-compression';

/** Spec 2 §9: the images a flow sends are compressed at quality 0.7 before they are uploaded. */
export const IMAGE_QUALITY = 0.7;

/** Stills the library re-encodes; a GIF (perhaps animated) goes as it is. */
const COMPRESSIBLE = /^image\/(jpeg|png|webp)$/;

/**
 * A block's image, smaller: JPEG and WebP re-encoded at IMAGE_QUALITY, and any of them scaled down
 * until it fits `maxBytes` (a PNG stays lossless, so only its size can give). Kept as chosen when
 * that is smaller already, or when its bytes are no image the browser can draw: the checks and the
 * server then say why.
 */
export async function compressImage(file: File, maxBytes: number): Promise<File> {
  if (!COMPRESSIBLE.test(file.type)) return file;
  try {
    const smaller = await imageCompression(file, {
      initialQuality: IMAGE_QUALITY,
      maxSizeMB: maxBytes / 1024 / 1024,
      // The library's worker is fetched from a CDN: the page's CSP (and the desktop app offline) refuse it.
      useWebWorker: false,
    });
    return smaller.size < file.size ? new File([smaller], file.name, { type: smaller.type }) : file;
  } catch {
    return file;
  }
}
