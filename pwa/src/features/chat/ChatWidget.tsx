import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { Fab } from '@mui/material';
import { ChatModal } from './ChatModal.tsx';
import { useChat } from './store.ts';

/** The floating button that opens the spiritual-guidance chat, and the chat itself. */
export function ChatWidget() {
  const openChat = useChat((s) => s.openChat);
  return (
    <>
      <Fab
        color="primary"
        aria-label="Open spiritual guidance chat"
        onClick={openChat}
        sx={{ position: 'fixed', right: { xs: 16, md: 24 }, bottom: { xs: 84, md: 96 }, zIndex: 1200 }}
      >
        <ChatIcon />
      </Fab>
      <ChatModal />
    </>
  );
}
