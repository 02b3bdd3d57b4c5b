import type { Progress } from '@coach/contracts';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Box, Card, CardContent, Chip, Grid, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { palette } from '../../shared/palette.ts';
import { ACHIEVEMENTS } from './growth.ts';

/** The four achievements with progress towards each target. */
export function Achievements({ progress }: { progress: Progress | undefined }) {
  return (
    <Grid container spacing={2.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Achievements">
      {ACHIEVEMENTS.map((a) => {
        const current = progress ? a.current(progress) : undefined;
        const unlocked = current !== undefined && current >= a.target;
        const percent = current === undefined ? 0 : Math.min(100, (current / a.target) * 100);
        return (
          <Grid key={a.title} size={{ xs: 12, sm: 6 }} component="li">
            <Card sx={{ height: '100%', borderColor: unlocked ? palette.gold : undefined }}>
              <CardContent sx={{ p: 3 }}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <Box
                    sx={{
                      flex: '0 0 48px',
                      height: 48,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: unlocked ? palette.gold : alpha(palette.plum, 0.1),
                      color: unlocked ? palette.plumDeep : 'primary.main',
                    }}
                    aria-hidden
                  >
                    {unlocked ? <EmojiEventsIcon /> : <AutoAwesomeIcon />}
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography component="h3" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                        {a.title}
                      </Typography>
                      {unlocked && <Chip size="small" label="Unlocked" sx={{ bgcolor: '#E3F1E5', color: '#1E5A2B' }} />}
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {a.description}
                    </Typography>
                    {current === undefined ? (
                      <Skeleton sx={{ mt: 1.5 }} />
                    ) : (
                      <>
                        <LinearProgress
                          variant="determinate"
                          value={percent}
                          aria-label={`${a.title} progress`}
                          sx={{
                            mt: 2,
                            height: 8,
                            borderRadius: 4,
                            bgcolor: alpha(palette.plum, 0.1),
                            '& .MuiLinearProgress-bar': {
                              borderRadius: 4,
                              bgcolor: unlocked ? palette.sage : 'secondary.main',
                            },
                          }}
                        />
                        <Typography variant="body2" sx={{ mt: 0.75, fontWeight: 600, color: 'text.secondary' }}>
                          {Math.min(current, a.target)} / {a.target} {a.unit}
                        </Typography>
                      </>
                    )}
                  </Box>
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
