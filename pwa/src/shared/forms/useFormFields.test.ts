import { describe, expect, it } from 'vitest';
import { typedBeforeHydration } from './useFormFields.ts';

/** A form as the server drew it: each field's drawn value is its default. */
function drawnForm(): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = `
    <input name="email" value="">
    <input name="name" value="Asha">
    <input type="hidden" name="token" value="t-1">
    <textarea name="message"></textarea>
    <select name="subject"><option value="" selected>Choose</option><option value="general">General</option></select>
    <input value="no name">`;
  return form;
}

describe('typedBeforeHydration', () => {
  it('finds nothing in a form as it was drawn', () => {
    expect(typedBeforeHydration(drawnForm())).toEqual({});
  });

  it('gives what was typed, filled in or chosen since, by field name, and leaves hidden and nameless fields', () => {
    const form = drawnForm();
    (form.elements.namedItem('email') as HTMLInputElement).value = 'early@example.com';
    (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Typed before the app';
    (form.elements.namedItem('subject') as HTMLSelectElement).value = 'general';
    (form.elements.namedItem('token') as HTMLInputElement).value = 'changed';
    (form.querySelector('input:not([name])') as HTMLInputElement).value = 'changed too';
    expect(typedBeforeHydration(form)).toEqual({
      email: 'early@example.com',
      message: 'Typed before the app',
      subject: 'general',
    });
  });
});
