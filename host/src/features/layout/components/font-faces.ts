// Public Sans, self-hosted from @fontsource-variable/public-sans (weights 300–700, upright and italic; latin and
// latin-ext): no request leaves the site. One variable file per subset and style carries every weight, so a first
// screen that draws Latin in 400, 500, 600 and 700 fetches one file of about 27 KB, not four of about 15 KB each; a
// browser downloads only the files whose style and characters the page uses (docs/decisions/039, 080).
// `font-display: optional`: a face that is not here when text first needs it leaves that text in the fallback font for
// the page's life instead of swapping in later and moving everything under it (Lighthouse measured a CLS of 0.69 on a
// phone from the swap); the faces the first screens use are preloaded by index.html (host/webpack.config.cjs) and the
// rest are in the cache for the next page load (docs/decisions/080).
// Public Sans has no Cyrillic nor Arabic: Inter (Cyrillic) and Noto Sans Arabic follow it in the theme's font stack,
// each declared only for its script's `unicode-range`, so Latin stays Public Sans (docs/decisions/069).
import { createGlobalStyle } from 'styled-components';
import interCyrillicNormal from '@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2';
import interCyrillicItalic from '@fontsource-variable/inter/files/inter-cyrillic-wght-italic.woff2';
import interCyrillicExtNormal from '@fontsource-variable/inter/files/inter-cyrillic-ext-wght-normal.woff2';
import interCyrillicExtItalic from '@fontsource-variable/inter/files/inter-cyrillic-ext-wght-italic.woff2';
import notoArabicNormal from '@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2';
import latinNormal from '@fontsource-variable/public-sans/files/public-sans-latin-wght-normal.woff2';
import latinItalic from '@fontsource-variable/public-sans/files/public-sans-latin-wght-italic.woff2';
import latinExtNormal from '@fontsource-variable/public-sans/files/public-sans-latin-ext-wght-normal.woff2';
import latinExtItalic from '@fontsource-variable/public-sans/files/public-sans-latin-ext-wght-italic.woff2';

/** The subsets @fontsource ships for Public Sans (it has no Cyrillic or Arabic): latin, then latin-ext. */
const LATIN = 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT = 'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

/** The Cyrillic subsets as @fontsource declares them for Inter; its Arabic one without the astral symbol blocks. */
const CYRILLIC = 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116';
const CYRILLIC_EXT = 'U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F';
const ARABIC =
  'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC';

/** The family names the theme's font stack lists after Public Sans (shared/src/ui/theme/app-theme.ts). */
const CYRILLIC_FAMILY = 'Inter Variable';
const ARABIC_FAMILY = 'Noto Sans Arabic Variable';

// Variable files: one file per script carries every weight (Public Sans declared for the spec's 300–700, the others 100–900).
const variableFace = (family: string, style: string, file: string, range: string, display: 'optional' | 'swap' = 'optional', weights = '100 900') =>
  `@font-face { font-family: '${family}'; font-style: ${style}; font-weight: ${weights}; font-display: ${display}; src: url(${file}) format('woff2-variations'), url(${file}) format('woff2'); unicode-range: ${range}; }`;
const publicSans = (style: string, file: string, range: string) => variableFace('Public Sans', style, file, range, 'optional', '300 700');

export const FontFaces = createGlobalStyle`
  ${[
    publicSans('normal', latinNormal, LATIN),
    publicSans('italic', latinItalic, LATIN),
    publicSans('normal', latinExtNormal, LATIN_EXT),
    publicSans('italic', latinExtItalic, LATIN_EXT),
    variableFace(CYRILLIC_FAMILY, 'normal', interCyrillicNormal, CYRILLIC),
    variableFace(CYRILLIC_FAMILY, 'italic', interCyrillicItalic, CYRILLIC),
    variableFace(CYRILLIC_FAMILY, 'normal', interCyrillicExtNormal, CYRILLIC_EXT),
    variableFace(CYRILLIC_FAMILY, 'italic', interCyrillicExtItalic, CYRILLIC_EXT),
    // Swapped in, not optional: the Arabic file (~166 KB) is never preloaded, so `optional` left a first Arabic visit
    // in a system font for good; the one shift it costs happens once, on the shell a user chose, then it is cached.
    variableFace(ARABIC_FAMILY, 'normal', notoArabicNormal, ARABIC, 'swap'),
  ].join('\n')}
`;
