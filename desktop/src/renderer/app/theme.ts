import { type BrandVariants, createDarkTheme, createLightTheme, type Theme } from '@fluentui/react-components';

/** One green ramp for both themes (spec §9: green primary in light mode, white in dark mode). */
const brand: BrandVariants = {
  10: '#010403',
  20: '#0a1f14',
  30: '#0b331f',
  40: '#094127',
  50: '#064f30',
  60: '#035e39',
  70: '#006d42',
  80: '#007c4b',
  90: '#1a8a58',
  100: '#349865',
  110: '#4aa673',
  120: '#60b482',
  130: '#76c291',
  140: '#8dcfa1',
  150: '#a4dcb2',
  160: '#bce9c4',
};

export const lightTheme: Theme = createLightTheme(brand);

const darkBase = createDarkTheme(brand);

export const darkTheme: Theme = {
  ...darkBase,
  // Primary buttons and accents turn white-ish; text on them turns dark to keep contrast.
  colorBrandBackground: '#f2f2f2',
  colorBrandBackgroundHover: '#ffffff',
  colorBrandBackgroundPressed: '#d6d6d6',
  colorBrandBackgroundSelected: '#e6e6e6',
  colorNeutralForegroundOnBrand: '#141414',
  colorBrandForeground1: '#ffffff',
  colorBrandForeground2: '#e6e6e6',
  colorBrandForegroundLink: brand[150],
  colorBrandForegroundLinkHover: brand[160],
  colorBrandForegroundLinkPressed: brand[140],
  colorBrandStroke1: '#ffffff',
  colorCompoundBrandBackground: '#f2f2f2',
  colorCompoundBrandBackgroundHover: '#ffffff',
  colorCompoundBrandBackgroundPressed: '#d6d6d6',
  colorCompoundBrandForeground1: '#ffffff',
  colorCompoundBrandStroke: '#f2f2f2',
  colorCompoundBrandStrokeHover: '#ffffff',
};
