import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { site } from '../config/site.ts';

/**
 * The logo mark and the coach's name, linking home. It keeps its width beside other controls and
 * leaves room for the menu button on a phone; a long name wraps onto two lines at most.
 */
export function Logo({ light = false, onClick }: { light?: boolean; onClick?: () => void }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onClick}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        flexShrink: 0,
        maxWidth: 'calc(100vw - 108px)',
        gap: 1.25,
        textDecoration: 'none',
        color: light ? '#fff' : 'primary.dark',
        borderRadius: 2,
      }}
    >
      <Box component="img" src={logoUrl} alt="" width={40} height={40} sx={{ display: 'block', flexShrink: 0 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="span"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            fontFamily: (t) => t.typography.h1.fontFamily,
            fontWeight: 700,
            fontSize: '1.45rem',
            lineHeight: 1,
          }}
        >
          {site.name}
        </Typography>
        <Typography
          component="span"
          sx={{
            display: 'block',
            fontSize: '0.7rem',
            letterSpacing: 2,
            textTransform: 'uppercase',
            opacity: 0.85,
            mt: 0.25,
          }}
        >
          {site.tagline}
        </Typography>
      </Box>
    </Box>
  );
}
