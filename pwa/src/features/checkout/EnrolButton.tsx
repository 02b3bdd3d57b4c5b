import { Button, type ButtonProps } from '@mui/material';
import type { CheckoutSettings } from '@coach/contracts';
import type { ProgramId } from '@coach/site-rules';
import { useQuery } from '@tanstack/react-query';

export const CHECKOUT_SETTINGS_KEY = ['/api/checkout/settings'] as const;

/**
 * 'Enrol now': a plain link to the program's checkout page, loaded as a whole page (its security
 * policy admits Razorpay). Shown only when the site takes payments.
 */
export function EnrolButton({ programId, ...props }: { programId: ProgramId } & Omit<ButtonProps<'a'>, 'href'>) {
  const settings = useQuery<CheckoutSettings>({ queryKey: CHECKOUT_SETTINGS_KEY });
  if (!settings.data?.enabled) return null;
  return (
    <Button href={`/checkout/${programId}`} variant="contained" color="secondary" {...props}>
      Enrol now
    </Button>
  );
}
