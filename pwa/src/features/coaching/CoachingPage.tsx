import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function CoachingPage() {
  return <PlaceholderPage title="Coaching" />;
}
