import { ApiRequestError } from '../api/client.ts';

/** The first message per field of a failed zod parse, for a form's helper texts. */
export function fieldErrors<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as K;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The field issues of a 400 from the API (`{ issues: [{ path, message }] }`), per field. */
export function serverFieldErrors<K extends string>(error: unknown): Partial<Record<K, string>> {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  try {
    const { issues } = JSON.parse(error.message.slice(error.message.indexOf(': ') + 2)) as {
      issues?: { path: string; message: string }[];
    };
    return fieldErrors<K>((issues ?? []).map((issue) => ({ path: [issue.path], message: issue.message })));
  } catch {
    return {};
  }
}
