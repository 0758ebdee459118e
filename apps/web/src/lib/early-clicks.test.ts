import { describe, expect, it } from 'vitest';
import { holdEarlyClicks } from './early-clicks';

function serverPage() {
  const root = document.createElement('div');
  root.innerHTML =
    '<input type="radio" name="size" value="M"><button type="button">Add To Cart</button><span>text</span>';
  document.body.append(root);
  return {
    root,
    radio: root.querySelector('input')!,
    button: root.querySelector('button')!,
  };
}

describe('clicks before the app takes over the server-rendered page', () => {
  it('are held, leaving a radio unchanged, and replayed in order once the app is in place', async () => {
    const { root, radio, button } = serverPage();
    const replay = holdEarlyClicks(root);
    radio.click();
    button.click();
    expect(radio.checked).toBe(false);

    const seen: string[] = [];
    radio.addEventListener('click', () => seen.push('radio'));
    button.addEventListener('click', () => seen.push('button'));
    await replay();
    expect(seen).toEqual(['radio', 'button']);
    expect(radio.checked).toBe(true);

    // Afterwards clicks reach the app directly, once.
    button.click();
    expect(seen).toEqual(['radio', 'button', 'button']);
    root.remove();
  });

  it('count once when a part already hydrated has its handler: at the replay', async () => {
    const { root, button } = serverPage();
    const presses: string[] = [];
    // A wishlist heart in a part hydrated in an earlier turn than the last.
    button.addEventListener('click', () => presses.push('toggle'));
    const replay = holdEarlyClicks(root);
    button.click();
    expect(presses).toEqual([]);
    await replay();
    expect(presses).toEqual(['toggle']);
    root.remove();
  });

  it('leaves clicks outside controls alone and drops controls that are gone', async () => {
    const { root, button } = serverPage();
    const replay = holdEarlyClicks(root);
    const text = root.querySelector('span')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    text.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);

    button.click();
    let clicks = 0;
    button.addEventListener('click', () => (clicks += 1));
    button.remove();
    await replay();
    expect(clicks).toBe(0);
    root.remove();
  });

  it('replays a choice made in a select, such as the language, once the app is in place', async () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<select><option value="en">English</option><option value="ar">العربية</option></select>';
    document.body.append(root);
    const select = root.querySelector('select')!;
    const replay = holdEarlyClicks(root);
    select.value = 'ar';
    select.dispatchEvent(new Event('change', { bubbles: true }));

    // Hydration puts the app's value back; the app then hears the shopper's choice.
    select.value = 'en';
    const seen: string[] = [];
    select.addEventListener('change', () => seen.push(select.value));
    await replay();
    expect(seen).toEqual(['ar']);
    expect(select.value).toBe('ar');
    root.remove();
  });

  it('hands text typed before then to the app, before the press that sends it', async () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<form><input name="query" value=""><button type="submit">Search</button></form>';
    document.body.append(root);
    const form = root.querySelector('form')!;
    const field = root.querySelector('input')!;
    // Typed before the holder was even in place: the field's text is what counts.
    field.value = 'salt & pepper';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    const replay = holdEarlyClicks(root);
    // Enter in the field presses the form's submit button: held, so the page does not reload.
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('button')!.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);

    // The app's handlers, as hydration attaches them: its state follows the field's input events.
    let state = '';
    const sent: string[] = [];
    field.addEventListener('input', () => setTimeout(() => (state = field.value)));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(state);
    });
    await replay();
    expect(field.value).toBe('salt & pepper');
    expect(sent).toEqual(['salt & pepper']);
    root.remove();
  });

  it('gives a field back the text typed into it when the app first renders it empty', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<input name="query" value="">';
    document.body.append(root);
    const field = root.querySelector('input')!;
    const replay = holdEarlyClicks(root);
    field.value = 'head';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // A part hydrated in a later turn renders its state (still empty) into the field.
    field.value = '';
    const heard: string[] = [];
    field.addEventListener('input', () => heard.push(field.value));
    await replay();
    expect(field.value).toBe('head');
    expect(heard).toEqual(['head']);
    root.remove();
  });

  it('holds a form sent before then and sends it once the app is in place', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<form><input name="email"></form>';
    document.body.append(root);
    const form = root.querySelector('form')!;
    const replay = holdEarlyClicks(root);
    const early = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    let sent = 0;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent += 1;
    });
    await replay();
    expect(sent).toBe(1);
    root.remove();
  });
});
