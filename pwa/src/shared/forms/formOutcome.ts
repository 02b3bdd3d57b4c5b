import { formOutcomeKey, type FormOutcome, type NativeFormAction } from '@coach/site-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '../api/client.ts';
import type { FormNotice } from './AuthForm.tsx';

/**
 * The outcome of `action` posted without the app (the gateway drew this page with it), or
 * undefined. Read once, as the page is first drawn: the app's own submits take over from there.
 */
export function useFormOutcome(action: NativeFormAction | undefined): FormOutcome | undefined {
  const queryClient = useQueryClient();
  const [outcome] = useState(() =>
    action ? queryClient.getQueryData<FormOutcome>(formOutcomeKey(action)) : undefined,
  );
  return outcome;
}

/** A refused outcome as the error the same submit made by the app gets, for its error handling. */
export const outcomeError = (outcome: FormOutcome | undefined): ApiRequestError | undefined =>
  outcome && outcome.status >= 400
    ? new ApiRequestError(outcome.status, `${outcome.status}: ${JSON.stringify(outcome.answer)}`)
    : undefined;

/**
 * The outcome of `action` as its form shows it: `refused` (the error, when refused: what was typed
 * comes back in `outcome.values`) and `notice`, what it came to, shown in the page until
 * `clearNotice` (the next submit): `accepted`, or `refused` of the error.
 */
export function useOutcomeNotice(
  action: NativeFormAction,
  notices: { accepted: FormNotice; refused: (error: ApiRequestError) => FormNotice },
) {
  const outcome = useFormOutcome(action);
  const refused = outcomeError(outcome);
  const [notice, setNotice] = useState(() =>
    refused ? notices.refused(refused) : outcome ? notices.accepted : undefined,
  );
  return { outcome, refused, notice, clearNotice: () => setNotice(undefined) };
}

/** The answer of an accepted outcome, or undefined. */
export const acceptedAnswer = <T>(outcome: FormOutcome | undefined): T | undefined =>
  outcome && outcome.status < 400 ? (outcome.answer as T) : undefined;
