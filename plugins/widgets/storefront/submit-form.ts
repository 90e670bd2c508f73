// The review form: checks the photos before anything is sent (type .gif/.jpg/.png, 5 MB each, at
// most 5; the spec's messages), posts the form as multipart with fetch, and answers in live regions:
// the thank-you or moderation text, or each field's error next to the field. Without this script the
// form posts natively to the widget routes' fallback page. Its texts are the widget's (data-pl-i18n),
// and the endpoint answers in the widget's language (?locale=).
import { $, $$, endpointOf, onWidgets, text } from './common';

const MAX_PHOTOS = 5;
const MAX_BYTES = 5 * 1024 * 1024;

/** Where reviews are posted (ISSUE7.md): through the app proxy, or directly with ?shop=; in the widget's language. */
export function submitUrl(endpoint: string, lang = ''): string {
  const direct = /^(.*)\/storefront\/shops\/([^/?#]+)$/.exec(endpoint);
  const locale = lang ? `locale=${encodeURIComponent(lang)}` : '';
  if (direct) return `${direct[1]}/storefront/reviews?shop=${direct[2]}${locale && `&${locale}`}`;
  return `${endpoint}/reviews${locale && `?${locale}`}`;
}

/** What is wrong with the chosen photos, as a data-pl-i18n key (the spec's messages in English). */
export function photoError(files: ArrayLike<{ name: string; type: string; size: number }>): string | null {
  if (files.length > MAX_PHOTOS) return 'form.photo_limit';
  for (const f of Array.from(files)) {
    const ext = /\.(gif|jpe?g|png)$/i.test(f.name);
    const mime = /^image\/(gif|jpeg|png)$/.test(f.type);
    if (!ext || (f.type && !mime)) return 'form.photo_type';
    if (f.size > MAX_BYTES) return 'form.photo_too_large';
  }
  return null;
}

/**
 * The video field, shown with script; the video plugin's upload script (tus-js-client, ~20 KB) is
 * loaded only when a video is chosen, and takes the chosen file from there.
 */
function showVideo(box: HTMLElement) {
  box.hidden = false;
  const input = $<HTMLInputElement>(box, 'input[type=file]');
  input?.addEventListener(
    'change',
    () => {
      const script = document.createElement('script');
      script.src = box.dataset.script!;
      document.head.appendChild(script);
    },
    { once: true },
  );
}

function bind(root: HTMLElement, form: HTMLFormElement) {
  const status = $(form, '.pl-form-status')!;
  const submit = $<HTMLButtonElement>(form, '.pl-submit');
  const photos = $<HTMLInputElement>(form, 'input[name=photos]');
  const video = $(form, '[data-pl-video]');
  if (video) showVideo(video);

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

  const photoProblem = () => {
    const key = photos?.files ? photoError(photos.files) : null;
    return key && text(root, key);
  };
  photos?.addEventListener('change', () => setError('photos', photoProblem()));

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearErrors();
    const problem = photoProblem();
    if (problem) {
      setError('photos', problem)?.focus();
      return;
    }
    if (submit) submit.disabled = true;
    form.setAttribute('aria-busy', 'true');
    status.textContent = text(root, 'form.sending');
    try {
      const res = await fetch(submitUrl(endpointOf(root), root.lang), {
        method: 'POST',
        body: new FormData(form),
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      const body = await res.json().catch(() => ({}));
      if (res.status === 201) {
        form.reset();
        // hidden inputs keep their value through a reset: the sent video must not go with the next review
        const sentVideo = $<HTMLInputElement>(form, 'input[name=video]');
        if (sentVideo) sentVideo.value = '';
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
        status.textContent = unknown.join(' ') || text(root, 'form.check_fields');
        first.focus();
      } else say(unknown.join(' ') || (res.status < 500 && body?.message) || text(root, 'form.failed')); // a server error's message is not written for shoppers
    } catch {
      say(text(root, 'form.offline'));
    } finally {
      if (submit) submit.disabled = false;
      form.removeAttribute('aria-busy');
    }
  });
}

onWidgets(['submit-form', 'review-box', 'all-reviews'], (root) => $$<HTMLFormElement>(root, 'form[data-pl-form]').forEach((f) => bind(root, f)), [
  'submit-form',
]);
