import type { SxProps, Theme } from '@mui/material/styles';

/** Dialog titles in the site's display face, like its page headings. */
export const dialogTitleSx: SxProps<Theme> = {
  fontFamily: (t) => t.typography.h4.fontFamily,
  fontSize: '1.6rem',
  fontWeight: 600,
  color: 'primary.dark',
};
