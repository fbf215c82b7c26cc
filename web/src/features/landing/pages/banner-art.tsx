import bannerArtUrl from './banner-art.svg?no-inline';

/**
 * Decorative banner drawing (no photo, served with the app): a skyline of office towers under a network
 * of connected nodes, the brokers (banner-art.svg). An image rather than React elements, so it costs
 * the landing page no JavaScript; `object-bottom` + `object-cover` keep the drawing's "xMidYMax slice".
 */
export function BannerArt() {
  return (
    <img
      src={bannerArtUrl}
      alt=""
      decoding="async"
      className="pointer-events-none absolute inset-0 h-full w-full object-cover object-bottom select-none"
    />
  );
}
