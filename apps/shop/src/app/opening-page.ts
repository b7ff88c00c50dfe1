import { lazyPageAt, loadPage } from './lazy-pages';

/**
 * The opened page's code, asked for as soon as this module is evaluated: main.tsx imports it first, so the page's code
 * downloads while React and the rest of the first bundle are evaluated, instead of after the app's first render.
 */
const page = lazyPageAt(window.location.pathname);
export const openingPage: Promise<unknown> = page ? loadPage(page.load) : Promise.resolve();
