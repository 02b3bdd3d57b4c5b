import { create } from 'zustand';

export interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: Date;
}

export const CHAT_WELCOME =
  "Welcome, dear soul. I'm here to offer spiritual guidance and support on your journey. What's stirring in your heart today?";
export const CHAT_FAILURE =
  "I'm having trouble connecting right now. Please try again in a moment, or feel free to explore the wisdom already present on this sacred space.";

const welcome = (): ChatMessage => ({ id: 'welcome', text: CHAT_WELCOME, isUser: false, timestamp: new Date() });

interface ChatState {
  open: boolean;
  messages: ChatMessage[];
  pending: boolean;
  openChat: () => void;
  closeChat: () => void;
  append: (message: ChatMessage) => void;
  setPending: (pending: boolean) => void;
}

/** The floating chat modal: any widget can open it; the conversation lasts for the page visit. */
export const useChat = create<ChatState>((set) => ({
  open: false,
  messages: [welcome()],
  pending: false,
  openChat: () => set({ open: true }),
  closeChat: () => set({ open: false }),
  append: (message) => set((s) => ({ messages: [...s.messages, message] })),
  setPending: (pending) => set({ pending }),
}));

/** Back to a fresh conversation (a new page load; used by tests). */
export const resetChat = (): void => useChat.setState({ open: false, messages: [welcome()], pending: false });
