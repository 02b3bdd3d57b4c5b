import { NewsletterLinkPage } from './NewsletterLinkPage.tsx';

/** /newsletter/unsubscribe?token=…: the unsubscribe link of every newsletter e-mail. */
export default function NewsletterUnsubscribePage() {
  return (
    <NewsletterLinkPage
      action="/api/newsletter/unsubscribe"
      texts={{
        title: 'Unsubscribing',
        working: 'Unsubscribing you from the newsletter…',
        doneTitle: 'You have been unsubscribed',
        doneText:
          'You will receive no more newsletter e-mails. Thank you for the time we shared; the blog stays open to you whenever you wish to return.',
        failedTitle: 'This link did not work',
        failedText: 'This unsubscribe link is not valid.',
      }}
    />
  );
}
