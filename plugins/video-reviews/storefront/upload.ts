// A review form's video upload, in the browser: tus-js-client sends the file in 5 MB chunks and,
// when the network drops, asks the server how much arrived and goes on from there (also after a
// reload: it remembers unfinished uploads by the file's fingerprint). The form waits for the upload;
// its hidden `video` input carries the upload's id.
// Every `[data-pl-video]` box on the page is bound when this script runs: the review page loads it
// with the page (its box carries a ticket and the texts), the storefront form loads it when a video
// is first chosen (its box carries a ticket URL: the texts come with the ticket). A file chosen
// before the script arrived is uploaded at once.
import { Upload } from 'tus-js-client';

interface Texts {
  uploading: string;
  uploaded: string;
  retrying: string;
  failed: string;
}

interface Ticket {
  ticket: string;
  texts: Texts;
}

/** The box's ticket: its own, or one asked of the ticket URL in the form's language. */
async function ticketOf(box: HTMLElement): Promise<Ticket> {
  const { ticket, texts, ticketUrl, lang } = box.dataset;
  if (ticket) return { ticket, texts: JSON.parse(texts ?? '{}') as Texts };
  const res = await fetch(`${ticketUrl}&locale=${encodeURIComponent(lang ?? '')}`, { headers: { Accept: 'application/json' } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body?.message ?? '');
  return body as Ticket;
}

function bind(box: HTMLElement) {
  if (box.dataset.plBound) return;
  box.dataset.plBound = '1';
  box.hidden = false;
  const input = box.querySelector<HTMLInputElement>('input[type=file]')!;
  const hidden = box.querySelector<HTMLInputElement>('input[name=video]')!;
  const progress = box.querySelector<HTMLProgressElement>('[data-pl-video-progress]')!;
  const status = box.querySelector<HTMLElement>('[data-pl-video-status]')!;
  const submit = box.closest('form')?.querySelector<HTMLButtonElement>('button[type=submit]');
  let current: Upload | undefined;

  const say = (text: string) => (status.textContent = text);
  const busy = (on: boolean) => {
    if (submit) submit.disabled = on;
    progress.hidden = !on;
  };

  async function upload(file: File) {
    busy(true);
    progress.value = 0;
    let ticket: Ticket;
    try {
      ticket = await ticketOf(box);
    } catch (err) {
      busy(false);
      say((err as Error).message || 'The video could not be uploaded.');
      return;
    }
    const { texts } = ticket;
    current = new Upload(file, {
      endpoint: box.dataset.endpoint!,
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000],
      metadata: { ticket: ticket.ticket, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress(sent, total) {
        const percent = Math.floor((sent / total) * 100);
        progress.value = percent;
        say(texts.uploading.replace('{{percent}}', String(percent)));
      },
      onShouldRetry(err, attempt, options) {
        const code = err.originalResponse?.getStatus() ?? 0;
        // the server's refusals (type, size, length) are final; a dropped connection is not
        const retry = code === 0 || code === 409 || code === 423 || code >= 500;
        if (retry && attempt < (options.retryDelays?.length ?? 0)) say(texts.retrying);
        return retry;
      },
      onError(err) {
        busy(false);
        const reason = (err as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
        say(reason && reason.length < 300 ? reason : texts.failed);
        input.value = '';
      },
      onSuccess() {
        busy(false);
        hidden.value = current!.url!.split('/').pop()!;
        say(texts.uploaded);
      },
    });
    const previous = await current.findPreviousUploads();
    if (previous.length) current.resumeFromPreviousUpload(previous[0]);
    current.start();
  }

  const chosen = () => {
    void current?.abort();
    hidden.value = '';
    const file = input.files?.[0];
    if (file) void upload(file);
    else busy(false);
  };
  input.addEventListener('change', chosen);
  if (input.files?.length) chosen();
}

document.querySelectorAll<HTMLElement>('[data-pl-video]').forEach(bind);
