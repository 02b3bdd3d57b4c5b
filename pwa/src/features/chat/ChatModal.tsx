import type { ChatAnswer, ChatInput } from '@coach/contracts';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { postJson } from '../../shared/api/client.ts';
import { MessageBubble } from '../../shared/ui/MessageBubble.tsx';
import { MessageComposer } from '../../shared/ui/MessageComposer.tsx';
import { TypingIndicator } from '../../shared/ui/TypingIndicator.tsx';
import { CHAT_FAILURE, useChat } from './store.ts';
import { trackEvent } from '../insights/index.ts';

let nextId = 1;
const newId = () => `m${Date.now()}-${nextId++}`;

/**
 * Spiritual-guidance chat modal: empty text or a pending reply blocks sending, and a failed call
 * is answered with a gentle try-again reply.
 */
export default function ChatModal() {
  const { open, messages, pending, closeChat, append, setPending } = useChat();
  const [text, setText] = useState('');
  const contentRef = useRef<HTMLDivElement>(null);

  // Keep the newest message in view.
  useEffect(() => {
    const el = contentRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, pending]);

  async function send() {
    const message = text.trim();
    if (!message || useChat.getState().pending) return;
    if (!messages.some((m) => m.isUser)) trackEvent('chat_started');
    append({ id: newId(), text: message, isUser: true, timestamp: new Date() });
    setText('');
    setPending(true);
    let reply: string;
    try {
      const body: ChatInput = { message, context: 'spiritual', tone: 'compassionate' };
      reply = (await postJson<ChatAnswer>('/api/ai/chat', body)).response;
    } catch (error) {
      console.error('Chat request failed', error);
      reply = CHAT_FAILURE;
    }
    append({ id: newId(), text: reply, isUser: false, timestamp: new Date() });
    setPending(false);
  }

  return (
    <Dialog
      open={open}
      onClose={closeChat}
      maxWidth="md"
      fullWidth
      aria-labelledby="chat-title"
      slotProps={{
        paper: {
          sx: {
            // On a phone the chat takes the whole screen but its margin, so the conversation keeps room
            // under the title and above the composer.
            height: { xs: 'calc(100% - 24px)', sm: '70vh' },
            maxHeight: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' },
            borderRadius: 5,
            display: 'flex',
            flexDirection: 'column',
            m: { xs: 1.5, sm: 4 },
            width: { xs: 'calc(100% - 24px)', sm: undefined },
          },
        },
      }}
    >
      <DialogTitle
        id="chat-title"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1, bgcolor: 'primary.main', color: '#fff' }}
      >
        <Box
          component="span"
          sx={{
            flex: 1,
            fontFamily: (t) => t.typography.h1.fontFamily,
            fontSize: { xs: '1.25rem', sm: '1.5rem' },
            fontWeight: 600,
          }}
        >
          Spiritual Guidance with the coach
        </Box>
        <IconButton aria-label="Close chat" onClick={closeChat} sx={{ color: '#fff' }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent
        ref={contentRef}
        // Scrolls on its own: focusable, so a keyboard can scroll it too.
        tabIndex={0}
        sx={{
          flex: 1,
          bgcolor: 'background.default',
          pt: '16px !important',
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
        }}
      >
        <Box
          role="log"
          aria-label="Conversation"
          aria-live="polite"
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {messages.map((m) => (
            <MessageBubble key={m.id} text={m.text} isUser={m.isUser} timestamp={m.timestamp} />
          ))}
        </Box>
        {pending && (
          <Box>
            <TypingIndicator label="The guide is typing" />
          </Box>
        )}
      </DialogContent>
      <MessageComposer
        label="Share what's in your heart"
        sendLabel="Send message"
        value={text}
        onChange={setText}
        onSend={() => void send()}
        busy={pending}
        autoFocus
      />
      <Typography variant="caption" sx={{ px: 2, pb: 1.5, color: 'text.secondary' }}>
        Responses come from an AI guide, not a person. For personal support, book a session with the coach.
      </Typography>
    </Dialog>
  );
}
