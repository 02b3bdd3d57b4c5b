import { NewsletterLinkPage } from './NewsletterLinkPage.tsx';

/** /newsletter/confirm?token=…: the link of the confirmation e-mail. */
export default function NewsletterConfirmPage() {
  return (
    <NewsletterLinkPage
      action="/api/newsletter/confirm"
      counted="newsletter_confirmed"
      texts={{
        title: 'Confirming your subscription',
        working: 'Confirming your subscription…',
        doneTitle: 'Your subscription is confirmed',
        doneText:
          "Thank you for subscribing! You'll receive weekly insights and inspiration in your inbox. Every e-mail has a link to unsubscribe whenever you wish.",
        failedTitle: 'This link did not work',
        failedText: 'This confirmation link is invalid or has expired. Please subscribe again on the blog.',
      }}
    />
  );
}
