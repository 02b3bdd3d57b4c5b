import DownloadIcon from '@mui/icons-material/Download';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import { Button } from '@mui/material';
import { FREE_GUIDE, type GuideConfirmed } from '@coach/contracts';
import { Link as RouterLink } from 'react-router';
import { EmailLinkPage } from '../../shared/ui/EmailLinkPage.tsx';

/** /guide/confirm?token=…: the confirmation e-mail's link confirms the address and gives the guide. */
export default function GuideConfirmPage() {
  return (
    <EmailLinkPage<GuideConfirmed>
      action="/api/guide/confirm"
      icon={<MenuBookIcon sx={{ fontSize: 56 }} aria-hidden />}
      overline="Free guide"
      texts={{
        title: 'Your free guide',
        working: 'Confirming your email address…',
        failedTitle: 'This link did not work',
        failedText: 'This link is invalid or has expired. Please ask for the guide again.',
      }}
      done={(answer) => ({
        title: FREE_GUIDE.title,
        lines: [
          answer.message,
          answer.newsletter &&
            'You are subscribed to the newsletter too. Every e-mail has a link to unsubscribe whenever you wish.',
        ],
        action: (
          <Button
            href={answer.downloadUrl}
            download
            variant="contained"
            size="large"
            startIcon={<DownloadIcon />}
            sx={{ my: 3 }}
          >
            Download the Guide (PDF)
          </Button>
        ),
      })}
      actions={
        <>
          <Button component={RouterLink} to="/coaching" variant="outlined">
            Explore Coaching
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            Return Home
          </Button>
        </>
      }
    />
  );
}
