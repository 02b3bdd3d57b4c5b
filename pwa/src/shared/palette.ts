// Apart from the theme: a script that runs before the app (and MUI) draws in these colours too.

/**
 * A calm, warm identity: deep plum for depth and trust, saffron for warmth and calls to action,
 * warm cream paper, sage for quiet accents. Every text pairing meets WCAG AA.
 */
export const palette = {
  plum: '#4E2F5E',
  plumDeep: '#2F1B3A',
  saffron: '#A24D18',
  saffronLight: '#E9A25F',
  gold: '#D9A441',
  cream: '#FBF6EF',
  sand: '#F3E7D7',
  sage: '#5F7F63',
  ink: '#2A2130',
  inkSoft: '#5A4E60',
  error: '#B3261E',
  warning: '#ED6C02',
} as const;
