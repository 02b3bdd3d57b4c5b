// The not-found page, which a legal page with an unknown name shows.
export { default as NotFoundPage } from './NotFoundPage.tsx';
