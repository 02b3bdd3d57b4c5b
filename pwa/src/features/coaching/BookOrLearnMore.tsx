import { Button, type SxProps, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { site } from '../../shared/config/site.ts';
import { BookingButton } from '../../shared/ui/ExternalButton.tsx';

/** The two next steps a coaching call to action offers: book the free call, or read about the coach. */
export function BookOrLearnMore({ learnMoreSx }: { learnMoreSx?: SxProps<Theme> }) {
  return (
    <>
      <BookingButton size="large" data-whisper-hover="coaching" />
      <Button
        component={RouterLink}
        to="/about"
        aria-label={`Learn More about ${site.firstName}`}
        size="large"
        variant="outlined"
        sx={learnMoreSx}
      >
        Learn More
      </Button>
    </>
  );
}
