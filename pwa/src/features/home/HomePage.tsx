import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function HomePage() {
  return <PlaceholderPage title="Home" />;
}
