import { useEffect } from 'react';
import { acceptedAnswer, useFormOutcome } from '../../shared/forms/formOutcome.ts';
import { notify } from '../../shared/notices/store.ts';
import { SIGNED_IN } from './signInDraft.ts';

/**
 * On the page a sign-in leads to: when the sign-in form was posted by the page's HTML (before or
 * without the app), the app says welcome there, as its own sign-in does before moving on.
 */
export function useSignedInWelcome(): void {
  const signedIn = acceptedAnswer(useFormOutcome('/login')) !== undefined;
  useEffect(() => {
    if (signedIn) notify(SIGNED_IN);
  }, [signedIn]);
}
