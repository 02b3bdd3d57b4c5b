import { Box, Card, CardContent, Typography, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

/** A card of a grid of ideas: a round icon, a short title and a line of text. */
export function IconCard({
  Icon,
  title,
  text,
  iconColors,
  lift = false,
}: {
  Icon: ComponentType<SvgIconProps>;
  title: string;
  text: string;
  /** The colours of the icon's circle. */
  iconColors: { bgcolor: string; color: string };
  /** Rises a little under the pointer. */
  lift?: boolean;
}) {
  return (
    <Card
      sx={{
        height: '100%',
        ...(lift && { transition: 'transform 240ms, box-shadow 240ms', '&:hover': { transform: 'translateY(-4px)' } }),
      }}
    >
      <CardContent sx={{ p: 4 }}>
        <Box
          sx={{
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            mb: 2,
            ...iconColors,
          }}
        >
          <Icon aria-hidden />
        </Box>
        <Typography variant="h4" component="h3" sx={{ color: 'primary.dark', mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
      </CardContent>
    </Card>
  );
}
