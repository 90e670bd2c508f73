// The review page's video upload, in the browser: tus-js-client sends the file in 5 MB chunks and,
// when the network drops, asks the server how much arrived and goes on from there (also after a
// reload: it remembers unfinished uploads by the file's fingerprint). The form waits for the upload;
// its hidden `video` input carries the upload's id.
import { Upload } from 'tus-js-client';

interface Texts {
  uploading: string;
  uploaded: string;
  retrying: string;
  failed: string;
}

const script = document.currentScript as HTMLScriptElement;
const box = document.querySelector<HTMLElement>('[data-pl-video]');

if (box && script) {
  const texts = JSON.parse(script.dataset.texts ?? '{}') as Texts;
  const input = box.querySelector<HTMLInputElement>('input[type=file]')!;
  const hidden = box.querySelector<HTMLInputElement>('input[name=video]')!;
  const progress = box.querySelector<HTMLProgressElement>('[data-pl-video-progress]')!;
  const status = box.querySelector<HTMLElement>('[data-pl-video-status]')!;
  const submit = box.closest('form')?.querySelector<HTMLButtonElement>('button[type=submit]');
  let current: Upload | undefined;
  box.hidden = false;

  const say = (text: string) => (status.textContent = text);
  const busy = (on: boolean) => {
    if (submit) submit.disabled = on;
    progress.hidden = !on;
  };

  input.addEventListener('change', () => {
    void current?.abort();
    hidden.value = '';
    const file = input.files?.[0];
    if (!file) return busy(false);
    busy(true);
    progress.value = 0;
    current = new Upload(file, {
      endpoint: script.dataset.endpoint!,
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000],
      metadata: { ticket: script.dataset.ticket!, filetype: file.type },
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
    current.findPreviousUploads().then((previous) => {
      if (previous.length) current!.resumeFromPreviousUpload(previous[0]);
      current!.start();
    });
  });
}
