import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { Fab } from '@mui/material';
import { Suspense, lazy, useEffect, useState } from 'react';
import { FLOATING_CONTROL, floatingControlSx } from '../../shared/layout/floatingControls.ts';
import { useChat } from './store.ts';

// The chat (dialog, text field) is fetched when first opened, keeping the home route lean.
const ChatModal = lazy(() => import('./ChatModal.tsx'));

/** The floating button that opens the spiritual-guidance chat, and the chat itself. */
export function ChatWidget() {
  const open = useChat((s) => s.open);
  const openChat = useChat((s) => s.openChat);
  const [loaded, setLoaded] = useState(open);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);

  return (
    <>
      <Fab
        color="primary"
        aria-label="Open spiritual guidance chat"
        onClick={openChat}
        className={FLOATING_CONTROL}
        sx={floatingControlSx('right', { xs: 84, md: 96 })}
      >
        <ChatIcon />
      </Fab>
      {(open || loaded) && (
        <Suspense fallback={null}>
          <ChatModal />
        </Suspense>
      )}
    </>
  );
}
