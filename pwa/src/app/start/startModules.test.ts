import { jsonScriptElement } from '@coach/site-rules';
import { describe, expect, it } from 'vitest';
import { preloadStartModules, START_MODULES_ID } from './startModules.ts';

function pageWith(element: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = `${element}<div id="root"></div>`;
  return doc;
}

const preloads = (doc: Document) =>
  [...doc.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('the modules a server-drawn page starts with', () => {
  it('become module preloads in the head, in the order the page lists them', () => {
    const doc = pageWith(jsonScriptElement(START_MODULES_ID, ['assets/react-1.js', 'assets/CoachingPage-2.js']));
    preloadStartModules(doc);
    expect(preloads(doc)).toEqual(['/assets/react-1.js', '/assets/CoachingPage-2.js']);
  });

  it('change nothing when the page lists none or the list is unreadable', () => {
    const none = pageWith('');
    preloadStartModules(none);
    const unreadable = pageWith(`<script type="application/json" id="${START_MODULES_ID}">[not json</script>`);
    preloadStartModules(unreadable);
    expect([...preloads(none), ...preloads(unreadable)]).toEqual([]);
  });
});
