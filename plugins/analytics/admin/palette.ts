// Okabe–Ito colours: told apart with the common colour-vision deficiencies. Every chart also has
// its table view, so no figure depends on colour alone.
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
} as const;

/** One-series charts. */
export const SERIES_COLOR = OKABE_ITO.blue;

/** 5 stars to 1 star: blue for the best through yellow to vermillion for the worst. */
export const STAR_COLORS: Record<1 | 2 | 3 | 4 | 5, string> = {
  5: OKABE_ITO.blue,
  4: OKABE_ITO.skyBlue,
  3: OKABE_ITO.yellow,
  2: OKABE_ITO.orange,
  1: OKABE_ITO.vermillion,
};
