import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Fab } from '@mui/material';
import { whatsappChatUrl } from '../../shared/config/site.ts';
import { FLOATING_CONTROL, floatingControlSx } from '../../shared/layout/floatingControls.ts';

/** Floating messaging-app button: opens a WhatsApp chat with the prefilled greeting. */
export function WhatsAppButton() {
  return (
    <Fab
      component="a"
      href={whatsappChatUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat on WhatsApp"
      className={FLOATING_CONTROL}
      sx={{
        ...floatingControlSx('right', { xs: 16, md: 24 }),
        bgcolor: '#1B7F4B',
        color: '#fff',
        '&:hover': { bgcolor: '#146139' },
      }}
    >
      <WhatsAppIcon />
    </Fab>
  );
}
