import type { PortalProgram } from '@coach/contracts';

/** Her programs' spaces: one read, kept by the service worker for reading offline. */
export const PORTAL_KEY = ['/api/portal/programs'] as const;
/** Where a program's file is read (whole, or by byte range for audio). */
export const resourceUrl = (id: string) => `/api/portal/resources/${id}`;
/** The path of the answer to one homework (its POST waits in the outbox offline). */
export const homeworkAnswerPath = (id: string) => `/api/portal/homework/${id}`;

export type { PortalProgram };
