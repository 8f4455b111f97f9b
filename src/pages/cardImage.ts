import { html, type Html } from './html.js';

/**
 * The sizes TCGdex serves (low.webp, high.webp): width and height are set on every image so the
 * grid does not move as images arrive, and a placeholder takes the same box.
 */
const SIZES = { small: { width: 245, height: 337 }, large: { width: 600, height: 825 } } as const;
export type ImageSize = keyof typeof SIZES;

/**
 * A card's image, lazy unless told otherwise, in a box of its size. Without a URL the box is the
 * placeholder itself (no script needed); an image that fails to load is turned into the same
 * placeholder by the pages' script (public/pages.js).
 */
export function cardImage(url: string | null, label: string, size: ImageSize, { eager = false } = {}): Html {
  const { width, height } = SIZES[size];
  if (url === null) {
    return html`<span class="card-img ${size} missing" role="img" aria-label="${label} (no image)"><span aria-hidden="true">${label}</span><span class="no-image" aria-hidden="true">no image</span></span>`;
  }
  return html`<span class="card-img ${size}"><img src="${url}" alt="${label}" width="${width}" height="${height}" loading="${eager ? 'eager' : 'lazy'}" decoding="async"></span>`;
}
