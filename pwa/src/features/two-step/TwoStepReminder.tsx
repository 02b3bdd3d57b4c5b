import { Alert, AlertTitle, Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { dialogTitleSx } from '../../shared/ui/dialogTitleSx.ts';
import { useTwoStepStatus } from './queries.ts';
import { TwoStepSettings } from './TwoStepSettings.tsx';

/**
 * Asks the admin to turn two-step sign-in on, for as long as it is off: her password is all that
 * stands between a stranger and the whole site.
 */
export function TwoStepReminder() {
  const status = useTwoStepStatus();
  const [open, setOpen] = useState(false);
  const id = useId();
  const off = status.data?.enabled === false;
  if (!off && !open) return null;
  return (
    <>
      {off && (
        <Alert severity="warning" sx={{ mt: { xs: 3, md: 4 } }}>
          <AlertTitle>Protect the site with two-step sign-in</AlertTitle>
          Your admin account is guarded by a password alone. Turn on two-step sign-in so that a stolen password is not
          enough to take over the site.
          {/* Under the text, not beside it: a narrow screen leaves the side no room for its label. */}
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={() => setOpen(true)}
            sx={{ display: 'flex', mt: 1.5, whiteSpace: 'nowrap' }}
          >
            Set up now
          </Button>
        </Alert>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={id} maxWidth="sm" fullWidth>
        <DialogTitle id={id} sx={dialogTitleSx}>
          Two-step sign-in
        </DialogTitle>
        <DialogContent>
          <TwoStepSettings />
          <Button onClick={() => setOpen(false)} sx={{ mt: 2 }}>
            Close
          </Button>
        </DialogContent>
      </Dialog>
    </>
  );
}
