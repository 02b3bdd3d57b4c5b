/**
 * Read by screen readers (and crawlers), not shown: e.g. the rest of a short link's name. Sizes in
 * pixels (in sx a bare 1 means 100%), clipped to nothing where it stands.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
