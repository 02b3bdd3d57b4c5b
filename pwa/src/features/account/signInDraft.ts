import { create } from 'zustand';

interface SignInDraft {
  email: string;
  password: string;
}

/**
 * What the sign-in form holds, kept outside the form: the form can remount (after the sign-up
 * redirect, while its page's code arrives) without losing what was typed or filled in. In memory
 * only, never stored; a successful sign-in empties it.
 */
export const useSignInDraft = create<SignInDraft>(() => ({ email: '', password: '' }));

/** What a new member is told once her account exists, after the app's sign-up or the page's. */
export const SIGNED_UP = {
  title: 'Welcome to the community!',
  description: 'Your account has been created successfully.',
};

/** What a member is told once signed in, after the app's sign-in or the page's. */
export const SIGNED_IN = { title: 'Welcome back!', description: 'You have successfully logged in.' };

/** After a sign-up: the sign-in form starts with the e-mail just registered. */
export const prefillSignIn = (email: string) => useSignInDraft.setState({ email, password: '' });
export const clearSignInDraft = () => useSignInDraft.setState({ email: '', password: '' });
