// Sessions booked on the coach's booking page (Calendly or Cal.com): the button that opens it,
// carrying a signed-in member's details, and her sessions' query.
export { BookingButton } from './BookingButton.tsx';
export { MY_SESSIONS_KEY } from './useBookingUrl.ts';
