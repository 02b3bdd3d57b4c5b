import { ChatWidget } from '../../features/chat/ChatWidget.tsx';
import { CustomCursor } from '../../features/cursor/CustomCursor.tsx';
import { WhatsAppButton } from '../../features/whatsapp/WhatsAppButton.tsx';
import { WhisperWidget } from '../../features/whisper/WhisperWidget.tsx';

/** The widgets present on every page. */
export default function FloatingWidgets() {
  return (
    <>
      <WhatsAppButton />
      <ChatWidget />
      <WhisperWidget />
      <CustomCursor />
    </>
  );
}
