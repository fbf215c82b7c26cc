/**
 * Decorative banner drawing (no photo, works offline): a skyline of office towers under a network of
 * connected nodes, the brokers. Pure SVG, hidden from assistive technology.
 */
const towers: ReadonlyArray<readonly [x: number, width: number, height: number]> = [
  [0, 70, 96], [64, 54, 152], [112, 80, 120], [186, 46, 192], [226, 90, 136], [310, 60, 224], [364, 84, 160],
  [442, 50, 112], [486, 70, 248], [550, 96, 176], [640, 56, 136], [690, 80, 208], [764, 50, 152], [808, 92, 240],
  [894, 64, 128], [952, 86, 184], [1032, 52, 144], [1078, 76, 200], [1148, 60, 120],
];

const nodes: ReadonlyArray<readonly [x: number, y: number]> = [
  [640, 70], [760, 40], [880, 95], [1010, 55], [1120, 110], [960, 170], [820, 150], [700, 140], [1080, 20],
];
const links: ReadonlyArray<readonly [from: number, to: number]> = [
  [0, 1], [1, 2], [2, 3], [3, 4], [2, 6], [6, 7], [7, 0], [3, 5], [5, 4], [6, 5], [1, 8], [8, 3], [0, 2],
];

export function BannerArt() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute inset-0 h-full w-full"
      viewBox="0 0 1200 400"
      preserveAspectRatio="xMidYMax slice"
    >
      <defs>
        <linearGradient id="banner-tower" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0.11" />
          <stop offset="1" stopColor="#fff" stopOpacity="0.02" />
        </linearGradient>
        <pattern id="banner-grid" width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M40 0H0v40" fill="none" stroke="#fff" strokeOpacity="0.06" />
        </pattern>
      </defs>
      <rect width="1200" height="400" fill="url(#banner-grid)" />
      <g stroke="#fff" strokeOpacity="0.28" strokeWidth="1.5">
        {links.map(([from, to]) => {
          const [x1, y1] = nodes[from]!;
          const [x2, y2] = nodes[to]!;
          return <line key={`${from}-${to}`} x1={x1} y1={y1} x2={x2} y2={y2} />;
        })}
      </g>
      <g fill="#fff">
        {nodes.map(([x, y], index) => (
          <circle key={index} cx={x} cy={y} r={index % 3 === 0 ? 6 : 4} fillOpacity={index % 3 === 0 ? 0.7 : 0.45} />
        ))}
      </g>
      <g fill="url(#banner-tower)">
        {towers.map(([x, width, height]) => (
          <rect key={x} x={x} y={400 - height} width={width - 6} height={height} rx="2" />
        ))}
      </g>
    </svg>
  );
}
