import getDesignToken from 'antd/es/theme/getDesignToken';
import type { ThemeConfig } from 'antd';

/**
 * The one place of the web app's colours (issue 27; lint `jizu/no-colour-literal` keeps them here): the antd theme of
 * the ConfigProvider, the design token it computes (for the few styles written beside a component: `token.colorXxx`,
 * the same values antd's own components use), and the palette of the colours the product has beyond antd's set
 * (brand gradients, the membership gold, page backgrounds).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f6feb',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};

/** antd's design token for the theme above (colorPrimary, colorTextTertiary, colorBorderSecondary, red7, …). */
export const token = getDesignToken(theme);

/** The product's colours beyond antd's token. */
export const palette = {
  /** text between antd's secondary and tertiary greys: hints and captions */
  textMuted: 'rgba(0,0,0,.55)',
  textFaint: 'rgba(0,0,0,.35)',
  /** long help text */
  textBody: 'rgba(0,0,0,.72)',
  heading: '#1f2329',
  /** the brand's gradient: deep blue → primary → teal */
  brandDeep: '#0b3d91',
  accent: '#0fb5ae',
  accentDeep: '#0ea5a4',
  /** the membership gold */
  gold: '#d4a017',
  goldDeep: '#8a5a00',
  goldBg: '#fff8e6',
  /** a chosen row of a menu or list */
  selectedBg: '#e6f0ff',
  primarySoftBg: '#eef4ff',
  primaryTintBg: '#f0f6ff',
  primaryPaleBg: '#f0f7ff',
  primaryRing: 'rgba(31,111,235,.12)',
  orangeRing: 'rgba(250,140,22,.15)',
  tileBlue: '#e8f1ff',
  bgPage: '#f3f5f8',
  bgSoft: '#f7f9fc',
  bgSubtle: '#fafafa',
  bgCardTint: '#fafcff',
  bgImage: '#f5f6f8',
  line: '#eef0f3',
  lineStrong: '#e5e6eb',
  lineSoft: '#e8edf5',
  checker: '#f3f3f3',
  chartNeutral: '#bfbfbf',
  slate: '#5b6b82',
  slateLight: '#8796ab',
  siderDark: '#001529',
  footerDark: '#0f1c33',
  overlay: 'rgba(0,0,0,.5)',
  onDarkSoft: 'rgba(255,255,255,.18)',
  onDarkText: 'rgba(255,255,255,.75)',
  onDarkMuted: 'rgba(255,255,255,.65)',
  onDarkStrong: 'rgba(255,255,255,.85)',
  headerGlass: 'rgba(255,255,255,.96)',
  shadow03: 'rgba(0,0,0,.03)',
  shadow05: 'rgba(0,0,0,.05)',
  shadow06: 'rgba(0,0,0,.06)',
  shadow08: 'rgba(0,0,0,.08)',
  shadowNavy: 'rgba(0,21,41,.08)',
  shadowBlue: 'rgba(15,35,80,.08)',
  shadowPrimary: 'rgba(31,111,235,.08)',
  /** an image's caption strip */
  scrim: 'rgba(0,0,0,.6)',
  /** a loading placeholder's shimmer */
  skeleton: '#f2f3f5',
  skeletonShine: '#e6e8eb',
  /** a shop's cover while it loads */
  coverBg: '#eef3fb',
} as const;
