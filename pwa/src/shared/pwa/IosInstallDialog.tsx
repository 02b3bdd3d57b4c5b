import AddBoxIcon from '@mui/icons-material/AddBoxOutlined';
import IosShareIcon from '@mui/icons-material/IosShare';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { site } from '../config/site.ts';

const STEPS = [
  { Icon: IosShareIcon, text: 'Tap the Share button in Safari’s toolbar.' },
  { Icon: AddBoxIcon, text: 'Scroll down and choose “Add to Home Screen”.' },
  { Icon: null, text: 'Tap “Add”: the app opens from your home screen, also offline.' },
] as const;

/** iOS Safari has no install prompt: the Share -> Add to Home Screen steps instead. */
export default function IosInstallDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="ios-install-title" maxWidth="xs" fullWidth>
      <DialogTitle id="ios-install-title">Install {site.brand}</DialogTitle>
      <DialogContent>
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.5 }}>
          {STEPS.map(({ Icon, text }) => (
            <li key={text}>
              <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {text}
                {Icon && <Icon fontSize="small" aria-hidden sx={{ color: 'primary.main' }} />}
              </Typography>
            </li>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Notifications (new posts, replies, reminders) come only through the installed app: open it from your Home
          Screen to turn them on.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
