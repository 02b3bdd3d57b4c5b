import type { NativeFormAction } from '@coach/site-rules';
import { useEffect } from 'react';
import { notify } from '../notices/store.ts';
import { acceptedAnswer, useFormOutcome } from './formOutcome.ts';

/**
 * On the page a form leads to (a sign-in's Circle or dashboard): when the form was posted by the
 * page's HTML (before or without the app) and accepted, the app says so there, as its own submit
 * does before moving on. `notice` is a constant: it is said once, as the page is first drawn.
 */
export function useArrivalNotice(action: NativeFormAction, notice: Parameters<typeof notify>[0]): void {
  const accepted = acceptedAnswer(useFormOutcome(action)) !== undefined;
  useEffect(() => {
    if (accepted) notify(notice);
  }, [accepted, notice]);
}
