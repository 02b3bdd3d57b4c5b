import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PeopleIcon from '@mui/icons-material/PeopleAlt';
import ShareIcon from '@mui/icons-material/Share';
import { Box, IconButton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { ExternalButton } from '../../shared/ui/ExternalButton.tsx';
import { site, whatsappShareUrl } from '../../shared/config/site.ts';
import { useHydrated } from '../../shared/hooks/useHydrated.ts';
import { outlinedOnDarkSx } from '../../shared/outlinedOnDarkSx.ts';
import { formatCount } from './format.ts';
import { useSiteStats } from './useSiteStats.ts';

/** The site-statistics bar: visitors, likes, the heart button and Share Wisdom. */
export function StatsBar() {
  const { visitorCount, likeCount, hasLiked, likePending, like } = useSiteStats();
  // The site's address is the browser's to tell: the prerendered HTML gets it once hydrated.
  const origin = useHydrated() ? window.location.origin : '';
  const shareText = `Discover soulful wisdom and gentle guidance with ${site.name}: ${origin}`;

  return (
    <Box
      role="region"
      aria-label="Site statistics"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        gap: { xs: 1.5, sm: 3 },
        py: 2,
        px: 2,
        borderRadius: 4,
        bgcolor: alpha('#FFFFFF', 0.06),
        border: `1px solid ${alpha('#FFFFFF', 0.14)}`,
      }}
    >
      <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <PeopleIcon fontSize="small" aria-hidden />
        <span>Visitors: {formatCount(visitorCount)}</span>
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton
          onClick={like}
          disabled={hasLiked || likePending}
          aria-label={hasLiked ? 'You liked this site' : 'Like this site'}
          aria-pressed={hasLiked}
          sx={{
            color: hasLiked ? '#FF6B6B' : 'inherit',
            '&.Mui-disabled': { color: hasLiked ? '#FF6B6B' : alpha('#FFFFFF', 0.5) },
            transition: 'transform 200ms',
            '&:hover': { transform: 'scale(1.12)' },
          }}
        >
          {hasLiked ? <FavoriteIcon data-testid="heart-filled" /> : <FavoriteBorderIcon data-testid="heart-outline" />}
        </IconButton>
        <Typography>Liked by {formatCount(likeCount)} souls</Typography>
      </Box>
      <ExternalButton
        href={whatsappShareUrl(shareText)}
        variant="outlined"
        startIcon={<ShareIcon />}
        sx={outlinedOnDarkSx({ color: 'inherit' })}
      >
        Share Wisdom
      </ExternalButton>
    </Box>
  );
}
