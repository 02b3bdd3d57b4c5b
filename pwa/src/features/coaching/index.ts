// The coaching call to action the home page repeats.
export { BookOrLearnMore } from './BookOrLearnMore.tsx';
