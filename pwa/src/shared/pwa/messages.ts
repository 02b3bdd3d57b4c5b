/** Messages the page sends to the service worker (answers come back on the message's port). */
export type WorkerRequest = { type: 'SKIP_WAITING' } | { type: 'GET_VERSION' } | { type: 'OUTBOX_REPLAY' };
