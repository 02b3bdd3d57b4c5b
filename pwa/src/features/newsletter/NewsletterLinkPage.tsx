import MailIcon from '@mui/icons-material/MailOutlineOutlined';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { BrowserEvent } from '@coach/contracts';
import { EmailLinkPage, type EmailLinkTexts } from '../../shared/ui/EmailLinkPage.tsx';
import { trackEvent } from '../insights/index.ts';

export interface LinkPageTexts extends EmailLinkTexts {
  doneTitle: string;
  doneText: string;
}

/**
 * The page a newsletter e-mail's link opens: it sends the link's token (and mailing) to `action`
 * once, and tells the reader how it went.
 */
export function NewsletterLinkPage({
  action,
  texts,
  counted,
}: {
  action: string;
  texts: LinkPageTexts;
  /** The event a link that worked counts in the coach's insights. */
  counted?: BrowserEvent;
}) {
  return (
    <EmailLinkPage
      action={action}
      withMailing
      icon={<MailIcon sx={{ fontSize: 56 }} aria-hidden />}
      overline="Newsletter"
      texts={texts}
      onDone={() => counted && trackEvent(counted)}
      done={() => ({ title: texts.doneTitle, lines: [texts.doneText] })}
      actions={
        <>
          <Button component={RouterLink} to="/blog" variant="contained">
            Read the Blog
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            Return Home
          </Button>
        </>
      }
    />
  );
}
