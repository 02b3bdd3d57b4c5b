import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function ContactPage() {
  return <PlaceholderPage title="Contact" />;
}
