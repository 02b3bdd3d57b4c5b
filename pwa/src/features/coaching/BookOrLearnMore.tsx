import { Box, Button, type SxProps, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { site } from '../../shared/config/site.ts';
import { BookingButton } from '../bookings/index.ts';
import { visuallyHidden } from '../../shared/ui/visuallyHidden.ts';

/** The two next steps a coaching call to action offers: book the free call, or read about the coach. */
export function BookOrLearnMore({ learnMoreSx }: { learnMoreSx?: SxProps<Theme> }) {
  return (
    <>
      <BookingButton size="large" data-whisper-hover="coaching" />
      <Button component={RouterLink} to="/about" size="large" variant="outlined" sx={learnMoreSx}>
        {/* The link's full text, not only an aria-label: search engines read 'Learn More' alone as vague. */}
        Learn More
        <Box component="span" sx={visuallyHidden}>
          {` about ${site.firstName}`}
        </Box>
      </Button>
    </>
  );
}
