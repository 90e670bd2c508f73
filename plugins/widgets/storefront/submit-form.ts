// The review form: checks the photos before anything is sent (type .gif/.jpg/.png, 5 MB each, at
// most 5; the spec's messages), posts the form as multipart with fetch, and answers in live regions:
// the thank-you or moderation text, or each field's error next to the field. Without this script the
// form posts natively to the widget routes' fallback page.
import { $, $$, endpointOf, onWidgets } from './common';

const MAX_PHOTOS = 5;
const MAX_BYTES = 5 * 1024 * 1024;
const TYPE_NOT_SUPPORTED = 'type not supported (.gif, .jpg, .png)';
const TOO_LARGE = 'File size should not be more than 5MB';
const UPLOAD_LIMIT = 'You have reached the file upload limit';

/** Where reviews are posted (ISSUE7.md): through the app proxy, or directly with ?shop=. */
export function submitUrl(endpoint: string): string {
  const direct = /^(.*)\/storefront\/shops\/([^/?#]+)$/.exec(endpoint);
  return direct ? `${direct[1]}/storefront/reviews?shop=${direct[2]}` : `${endpoint}/reviews`;
}

export function photoError(files: ArrayLike<{ name: string; type: string; size: number }>): string | null {
  if (files.length > MAX_PHOTOS) return UPLOAD_LIMIT;
  for (const f of Array.from(files)) {
    const ext = /\.(gif|jpe?g|png)$/i.test(f.name);
    const mime = /^image\/(gif|jpeg|png)$/.test(f.type);
    if (!ext || (f.type && !mime)) return TYPE_NOT_SUPPORTED;
    if (f.size > MAX_BYTES) return TOO_LARGE;
  }
  return null;
}

function bind(root: HTMLElement, form: HTMLFormElement) {
  const status = $(form, '.pl-form-status')!;
  const submit = $<HTMLButtonElement>(form, '.pl-submit');
  const photos = $<HTMLInputElement>(form, 'input[type=file]');

  const setError = (field: string, message: string | null) => {
    const el = $(form, `[data-pl-error="${field}"]`);
    const input = form.elements.namedItem(field) as HTMLElement | RadioNodeList | null;
    const target = input instanceof RadioNodeList ? (input[0] as HTMLElement) : input;
    if (el) {
      el.textContent = message ?? '';
      el.hidden = !message;
    }
    if (target && 'setAttribute' in target) {
      if (message) target.setAttribute('aria-invalid', 'true');
      else target.removeAttribute('aria-invalid');
    }
    return target;
  };
  const clearErrors = () => $$(form, '[data-pl-error]').forEach((el) => setError(el.dataset.plError!, null));
  const say = (text: string) => {
    status.textContent = text;
    status.focus();
  };

  photos?.addEventListener('change', () => setError('photos', photos.files ? photoError(photos.files) : null));

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearErrors();
    const problem = photos?.files ? photoError(photos.files) : null;
    if (problem) {
      setError('photos', problem)?.focus();
      return;
    }
    if (submit) submit.disabled = true;
    form.setAttribute('aria-busy', 'true');
    status.textContent = 'Sending your review…';
    try {
      const res = await fetch(submitUrl(endpointOf(root)), { method: 'POST', body: new FormData(form), headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const body = await res.json().catch(() => ({}));
      if (res.status === 201) {
        form.reset();
        say(body?.data?.status === 'published' ? form.dataset.plThanks! : form.dataset.plModeration!);
        return;
      }
      const errors: Record<string, string> = body?.errors ?? {};
      let first: HTMLElement | null = null;
      const unknown: string[] = [];
      for (const [field, message] of Object.entries(errors)) {
        if ($(form, `[data-pl-error="${field}"]`)) first ??= setError(field, message);
        else unknown.push(message);
      }
      if (first) {
        status.textContent = unknown.join(' ') || 'Please check the fields marked below.';
        first.focus();
      } else say(unknown.join(' ') || body?.message || 'Your review could not be sent. Please try again.');
    } catch {
      say('Your review could not be sent. Please check your connection and try again.');
    } finally {
      if (submit) submit.disabled = false;
      form.removeAttribute('aria-busy');
    }
  });
}

onWidgets(['submit-form', 'review-box', 'all-reviews'], (root) => $$<HTMLFormElement>(root, 'form[data-pl-form]').forEach((f) => bind(root, f)), ['submit-form']);
