import type { TwoStepStatus } from '@coach/contracts';
import { useQuery } from '@tanstack/react-query';

export const TWO_STEP_KEY = ['/api/auth/two-step'] as const;

/** Whether the signed-in account has two-step sign-in on, and its recovery codes left. */
export const useTwoStepStatus = () => useQuery<TwoStepStatus>({ queryKey: TWO_STEP_KEY });
