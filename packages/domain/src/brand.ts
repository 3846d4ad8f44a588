import {
  clampRgb,
  formatHex,
  modeLrgb,
  modeOklch,
  modeRgb,
  useMode as registerMode,
  wcagContrast,
} from "culori/fn";

/** The least contrast the storefront's text and filled buttons keep (WCAG AA for body text). */
export const BRAND_MIN_CONTRAST = 4.5;

/** The storefront's page background (app.css `--surface`), on which brand-coloured text stands. */
const PAGE_BACKGROUND = "#f6f6f4";
/** The text on the storefront's filled buttons (app.css `--brand-ink`). */
const BUTTON_TEXT = "#ffffff";
/** How much darker text and buttons show the brand (app.css `--color-brand`: OKLCH lightness − 0.16). */
const SHOWN_DARKER_BY = 0.16;

registerMode(modeRgb);
registerMode(modeLrgb);
const toOklch = registerMode(modeOklch);

export interface BrandContrast {
  /** The colour the storefront's text and filled buttons show for the brand colour. */
  shown: string;
  /** White button text on it. */
  buttonText: number;
  /** It as text on the page's background. */
  onPage: number;
  /** Whether both reach BRAND_MIN_CONTRAST. */
  readable: boolean;
}

/**
 * How a brand colour reads in the spec's layouts: the storefront shows it a step darker (app.css), as
 * filled buttons under white text and as links and prices on the light page. Both must reach 4.5:1;
 * a colour too light even darkened (yellow, pastels) is refused.
 */
export function brandContrast(colour: string): BrandContrast {
  const base = toOklch(colour);
  if (!base) throw new Error(`Not a colour: ${colour}`);
  const shown = formatHex(clampRgb({ ...base, l: Math.max(0, base.l - SHOWN_DARKER_BY) }));
  const buttonText = round(wcagContrast(shown, BUTTON_TEXT));
  const onPage = round(wcagContrast(shown, PAGE_BACKGROUND));
  return {
    shown,
    buttonText,
    onPage,
    readable: buttonText >= BRAND_MIN_CONTRAST && onPage >= BRAND_MIN_CONTRAST,
  };
}

const round = (ratio: number) => Math.floor(ratio * 100) / 100;
