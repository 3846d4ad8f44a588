/**
 * The shapes of the storefront's line icons: paths on a 24px grid, stroked 1.8 wide with round ends,
 * and filled too where `filled`. The stylesheet draws them (line-icons.css, which `npm run icons -w
 * @storefront/web` writes from this list; decision 0207): no page's scripts carry them, so only
 * `Icon`'s types and that script read this module.
 */
const heart = "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z";
const star = "m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9L12 3Z";

export interface LineIconShape {
  path: string;
  filled?: true;
}

export const LINE_ICON_SHAPES = {
  search: { path: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm9 16-4.3-4.3" },
  filter: { path: "M4 6h16M7 12h10M10 18h4" },
  user: { path: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0" },
  globe: {
    path: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z",
  },
  heart: { path: heart },
  "heart-filled": { path: heart, filled: true },
  receipt: { path: "M6 3h12v18l-3-2-3 2-3-2-3 2V3Zm3 5h6M9 12h6" },
  home: { path: "M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-5v-6h-4v6H5a1 1 0 0 1-1-1v-9Z" },
  menu: { path: "M4 7h16M4 12h16M4 17h16" },
  close: { path: "M6 6l12 12M18 6 6 18" },
  star: { path: star },
  "star-filled": { path: star, filled: true },
  clock: { path: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 2" },
  bike: {
    path: "M5.5 17.5a3 3 0 1 0 0-.01M18.5 17.5a3 3 0 1 0 0-.01M5.5 17.5 9 9h5l4.5 8.5M9 9 7.5 6H5m9 3 2-3h2",
  },
  pin: {
    path: "M12 21s7-6.1 7-11.5a7 7 0 0 0-14 0C5 14.9 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  },
  info: { path: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 8v5m0-8.5v.5" },
  "chevron-down": { path: "m6 9 6 6 6-6" },
  "chevron-back": { path: "m15 5-7 7 7 7" },
  "chevron-forward": { path: "m9 5 7 7-7 7" },
  bag: { path: "M5 8h14l-1 12H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2" },
  "wifi-off": {
    path: "M3 3l18 18M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.4m5.5-.2A10 10 0 0 1 19 12.9M2 9.3a15 15 0 0 1 4.3-2.8m4-1.3A15 15 0 0 1 22 9.3M12 20h.01",
  },
  check: { path: "m5 12.5 4.5 4.5L19 7" },
  leaf: { path: "M5 20c0-9 6-15 15-15 0 9-6 15-15 15Zm0 0 7-7" },
  phone: {
    path: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z",
  },
  mail: { path: "M3 6h18v12H3V6Zm0 0 9 7 9-7" },
  trash: { path: "M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13M10 11v6m4-6v6" },
  plus: { path: "M12 5v14M5 12h14" },
  minus: { path: "M5 12h14" },
  cutlery: { path: "M7 3v7a2 2 0 0 0 2 2v9M11 3v7a2 2 0 0 1-2 2M9 3v6m8-6c-1.7 1.5-2.5 4-2.5 7h2.5v11" },
} as const satisfies Record<string, LineIconShape>;

export type LineIconName = keyof typeof LINE_ICON_SHAPES;
