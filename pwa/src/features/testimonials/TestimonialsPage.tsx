import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function TestimonialsPage() {
  return <PlaceholderPage title="Testimonials" />;
}
