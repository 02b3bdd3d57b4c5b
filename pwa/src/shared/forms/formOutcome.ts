import { formOutcomeKey, type FormOutcome, type NativeFormAction } from '@coach/site-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '../api/client.ts';

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

/** The answer of an accepted outcome, or undefined. */
export const acceptedAnswer = <T>(outcome: FormOutcome | undefined): T | undefined =>
  outcome && outcome.status < 400 ? (outcome.answer as T) : undefined;
