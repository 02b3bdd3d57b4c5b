import { Button, type ButtonProps } from '@mui/material';
import { site } from '../config/site.ts';

type Props = Omit<ButtonProps<'a'>, 'component' | 'target' | 'rel'> & { href: string };

/** A button that opens an external page in a new tab. */
export function ExternalButton({ children, ...props }: Props) {
  return (
    <Button component="a" target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Button>
  );
}

/** The free 30-minute clarity call on the scheduling page, in a new tab. */
export function BookingButton({ children = 'Book Your Free Clarity Call', ...props }: Omit<Props, 'href'>) {
  return (
    <ExternalButton href={site.bookingUrl} variant="contained" color="secondary" {...props}>
      {children}
    </ExternalButton>
  );
}
