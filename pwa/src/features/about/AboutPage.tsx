import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function AboutPage() {
  return <PlaceholderPage title="About" />;
}
