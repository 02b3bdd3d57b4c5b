import type { AskAiAnswer, AskAiInput } from '@coach/contracts';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CheckIcon from '@mui/icons-material/Check';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { postJson } from '../../shared/api/client.ts';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { notify } from '../../shared/notices/store.ts';
import { BookingButton } from '../bookings/index.ts';
import { MessageBubble } from '../../shared/ui/MessageBubble.tsx';
import { MessageComposer } from '../../shared/ui/MessageComposer.tsx';
import { TypingIndicator } from '../../shared/ui/TypingIndicator.tsx';
import { POPULAR_QUESTIONS, suggestionsFor } from './suggestions.ts';

/** The reply appears 800 ms after it arrives; suggestions 1.2 s after their message. */
export const REPLY_DELAY_MS = 800;
export const SUGGESTIONS_DELAY_MS = 1200;
const HISTORY_SIZE = 3;

interface AskMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: Date;
  showSuggestions: boolean;
}

const WELCOME =
  "Namaste, dear one. I'm your Soul Companion, an AI guide here to listen and offer gentle reflections on whatever your heart is carrying. What would you like to explore today?";

let nextId = 1;
const newId = () => `a${Date.now()}-${nextId++}`;

function Suggestions({ text, onPick, disabled }: { text: string; onPick: (q: string) => void; disabled: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const t = window.setTimeout(() => setVisible(true), SUGGESTIONS_DELAY_MS);
    return () => window.clearTimeout(t);
  }, []);
  if (!visible) return null;
  return (
    <Box
      role="group"
      aria-label="Suggested replies"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        mt: 1,
        animation: 'fade-in 400ms ease-out',
        '@keyframes fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
      }}
    >
      {suggestionsFor(text).map((s) => (
        <Button
          key={s}
          size="small"
          variant="outlined"
          disabled={disabled}
          onClick={() => onPick(s)}
          sx={{ minHeight: 36, bgcolor: '#fff' }}
        >
          {s}
        </Button>
      ))}
    </Box>
  );
}

export default function AskAiPage() {
  usePageTitle('Ask AI - Soul Companion');
  const [messages, setMessages] = useState<AskMessage[]>([
    { id: 'welcome', text: WELCOME, isUser: false, timestamp: new Date(), showSuggestions: true },
  ]);
  const [input, setInput] = useState('');
  const [typing, setTyping] = useState(false);
  // The last three questions: the sidebar marks popular questions already asked.
  const [history, setHistory] = useState<string[]>([]);
  const pending = useRef(false);
  const replyTimer = useRef<number | undefined>(undefined);
  const logRef = useRef<HTMLDivElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const promptHandled = useRef(false);

  useEffect(() => () => window.clearTimeout(replyTimer.current), []);
  // Keep the newest message in view inside the conversation, without moving the page.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, typing]);

  const ask = useCallback(async (raw: string) => {
    const question = raw.trim();
    if (!question || pending.current) return;
    pending.current = true;
    setMessages((m) => [
      ...m,
      { id: newId(), text: question, isUser: true, timestamp: new Date(), showSuggestions: false },
    ]);
    setInput('');
    setTyping(true);
    setHistory((h) => [...h, question].slice(-HISTORY_SIZE));
    try {
      const body: AskAiInput = { question };
      const { answer } = await postJson<AskAiAnswer>('/api/ask-ai', body);
      replyTimer.current = window.setTimeout(() => {
        setMessages((m) => [
          ...m,
          { id: newId(), text: answer, isUser: false, timestamp: new Date(), showSuggestions: true },
        ]);
        setTyping(false);
        pending.current = false;
      }, REPLY_DELAY_MS);
    } catch (error) {
      console.error('Ask AI request failed', error);
      notify({
        title: 'Unable to connect',
        description: 'Please try again or reach out to the coach directly for personal guidance.',
        variant: 'destructive',
      });
      setTyping(false);
      pending.current = false;
    }
  }, []);

  // /ask-ai?prompt=... (from a program's dialog) fills in the question and sends it once.
  useEffect(() => {
    const prompt = searchParams.get('prompt');
    if (!prompt || promptHandled.current) return;
    promptHandled.current = true;
    setSearchParams({}, { replace: true });
    void ask(prompt);
  }, [searchParams, setSearchParams, ask]);

  const lastAssistant = [...messages].reverse().find((m) => !m.isUser);

  return (
    <Box sx={{ py: { xs: 4, md: 7 }, background: 'linear-gradient(180deg, #F8EEDF 0%, #FBF6EF 40%)' }}>
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
          <Typography variant="overline" component="p" color="secondary.main">
            Ask AI
          </Typography>
          <Typography variant="h1" sx={{ color: 'primary.dark' }}>
            Soul Companion
          </Typography>
          <Typography
            variant="subtitle1"
            component="p"
            color="text.secondary"
            sx={{ mt: 1.5, maxWidth: 620, mx: 'auto' }}
          >
            Bring any question of the heart. Receive gentle reflections and practices, any time.
          </Typography>
        </Box>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: 2, md: 1 } }}>
            <Card component="aside" aria-labelledby="popular-title" sx={{ p: 3 }}>
              <Typography id="popular-title" variant="h5" component="h2" sx={{ color: 'primary.dark', mb: 1 }}>
                Popular Questions
              </Typography>
              <List dense disablePadding>
                {POPULAR_QUESTIONS.map((q) => {
                  const asked = history.includes(q);
                  return (
                    <ListItem key={q} disablePadding sx={{ mb: 0.5 }}>
                      <ListItemButton onClick={() => void ask(q)} disabled={typing} sx={{ borderRadius: 3 }}>
                        <ListItemIcon sx={{ minWidth: 32, color: asked ? 'success.main' : 'secondary.main' }}>
                          {asked ? (
                            <CheckIcon fontSize="small" titleAccess="Asked" />
                          ) : (
                            <AutoAwesomeIcon fontSize="small" aria-hidden />
                          )}
                        </ListItemIcon>
                        <ListItemText primary={q} />
                      </ListItemButton>
                    </ListItem>
                  );
                })}
              </List>
              <Alert
                role="note"
                icon={<InfoIcon />}
                severity="info"
                sx={{ mt: 2, bgcolor: '#F3E7D7', color: 'text.primary', '& .MuiAlert-icon': { color: 'primary.main' } }}
              >
                Soul Companion is an AI guide, not a person. It offers reflections, not medical, psychological or crisis
                support. In an emergency, please contact your local emergency services.
              </Alert>
              <BookingButton fullWidth sx={{ mt: 2 }} data-whisper-hover="coaching">
                Book Personal Session
              </BookingButton>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }} sx={{ order: { xs: 1, md: 2 } }}>
            <Card
              component="section"
              aria-label="Conversation with Soul Companion"
              sx={{ display: 'flex', flexDirection: 'column', height: { xs: '72vh', md: 640 } }}
            >
              <Box
                ref={logRef}
                // Scrolls on its own: focusable, so a keyboard can scroll it too.
                tabIndex={0}
                role="log"
                aria-live="polite"
                aria-label="Messages"
                sx={{
                  flex: 1,
                  overflowY: 'auto',
                  p: { xs: 2, md: 3 },
                  display: 'flex',
                  flexDirection: 'column',
                  gap: 2,
                  bgcolor: '#FFFDF8',
                }}
              >
                {messages.map((m) => (
                  <MessageBubble key={m.id} text={m.text} isUser={m.isUser} timestamp={m.timestamp}>
                    {m.showSuggestions && m === lastAssistant && !typing && (
                      <Suggestions text={m.text} onPick={(q) => void ask(q)} disabled={typing} />
                    )}
                  </MessageBubble>
                ))}
                {typing && (
                  <Box>
                    <TypingIndicator label="Soul Companion is typing" />
                  </Box>
                )}
              </Box>
              <MessageComposer
                label="Ask your heart's question"
                sendLabel="Send question"
                value={input}
                onChange={setInput}
                onSend={() => void ask(input)}
                busy={typing}
              />
            </Card>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
