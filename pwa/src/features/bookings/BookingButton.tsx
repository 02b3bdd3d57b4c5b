import { ExternalButton, type ExternalButtonProps } from '../../shared/ui/ExternalButton.tsx';
import { useBookingUrl } from './useBookingUrl.ts';

/** The scheduling page, in a new tab; a signed-in member's carries her details (useBookingUrl.ts). */
export function BookingButton({
  children = 'Book Your Free Clarity Call',
  ...props
}: Omit<ExternalButtonProps, 'href'>) {
  return (
    <ExternalButton href={useBookingUrl()} variant="contained" color="secondary" {...props}>
      {children}
    </ExternalButton>
  );
}
