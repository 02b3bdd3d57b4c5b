import { Button, type ButtonProps } from '@mui/material';
import { useBookingUrl } from '../api/bookingLink.ts';

type Props = Omit<ButtonProps<'a'>, 'component' | 'target' | 'rel'> & { href: string };

/** A button that opens an external page in a new tab. */
export function ExternalButton({ children, ...props }: Props) {
  return (
    <Button component="a" target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Button>
  );
}

/** The scheduling page, in a new tab; a signed-in member's carries her details (bookingLink.ts). */
export function BookingButton({ children = 'Book Your Free Clarity Call', ...props }: Omit<Props, 'href'>) {
  return (
    <ExternalButton href={useBookingUrl()} variant="contained" color="secondary" {...props}>
      {children}
    </ExternalButton>
  );
}
