import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Box, Chip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { palette } from '../../shared/palette.ts';

/** The weekly prompt a reflection answers, quoted above the composer and the post. */
export function ReflectionPrompt({ prompt }: { prompt: string }) {
  return (
    <Box
      sx={{
        mb: 2,
        p: 2,
        borderRadius: 3,
        bgcolor: alpha(palette.gold, 0.12),
        borderLeft: `4px solid ${palette.gold}`,
      }}
    >
      <Chip
        size="small"
        icon={<AutoAwesomeIcon />}
        label="Weekly Reflection"
        sx={{ bgcolor: '#fff', color: 'secondary.dark', mb: 1 }}
      />
      <Typography sx={{ fontStyle: 'italic', color: 'text.primary' }}>{prompt}</Typography>
    </Box>
  );
}
