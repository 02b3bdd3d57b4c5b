import { PlaceholderPage } from '../../shared/ui/PlaceholderPage.tsx';

export default function AskAiPage() {
  return <PlaceholderPage title="Ask AI" />;
}
