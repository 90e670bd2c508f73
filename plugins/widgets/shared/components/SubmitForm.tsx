// The review form: a real multipart <form method=post> that works without script; the submit-form
// script adds client-side checks of the photos (type, size, count), posts with fetch and shows the
// thank-you or moderation text, or each field's error, in live regions.
import type { ProductRef, SubmitFormData, WidgetContext } from '../widget-types';
import { Branding } from './Branding';
import { idPart } from './format';
import { QuestionFields } from './Questions';
import type { AskedQuestion } from '@plaudit/contracts/review-questions';

export const PHOTO_ACCEPT = '.gif,.jpg,.jpeg,.png,image/gif,image/jpeg,image/png';

function FieldError({ id, field }: { id: string; field: string }) {
  return <p className="pl-field-error" id={id} data-pl-error={field} hidden />;
}

export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm';

/**
 * The video field: hidden until the form's script shows it (the upload needs script), whose upload
 * script (the video plugin's) loads only when a video is chosen. The ticket comes from its URL: this
 * HTML is cached for every shopper.
 */
function VideoField({ ctx, f, err }: { ctx: WidgetContext; f: (n: string) => string; err: (n: string) => string }) {
  const { t } = ctx.text;
  const v = ctx.video!;
  return (
    <div className="pl-field" data-pl-video="" data-endpoint={v.endpoint} data-ticket-url={v.ticketUrl} data-script={v.script} data-lang={ctx.text.lang} hidden>
      <label htmlFor={f('video')}>{t('form.video')}</label>
      <input id={f('video')} type="file" accept={VIDEO_ACCEPT} aria-describedby={`${f('video')}-hint ${f('video')}-status ${err('video')}`} />
      <span className="pl-hint" id={`${f('video')}-hint`}>
        {t('form.video_hint')}
      </span>
      <progress data-pl-video-progress="" max={100} value={0} hidden />
      <span className="pl-hint" id={`${f('video')}-status`} role="status" aria-live="polite" data-pl-video-status="" />
      <input type="hidden" name="video" value="" />
      <label htmlFor={f('videoCaption')}>{t('form.video_caption')}</label>
      <input id={f('videoCaption')} name="videoCaption" maxLength={500} />
      <FieldError id={err('video')} field="video" />
    </div>
  );
}

export function SubmitFormBody({
  ctx,
  product,
  idBase,
  questions,
}: {
  ctx: WidgetContext;
  product: ProductRef | null;
  idBase: string;
  /** the product's custom questions (plugins/review-questions) */
  questions?: AskedQuestion[];
}) {
  const s = ctx.settings.submitForm;
  const { t } = ctx.text;
  const f = (name: string) => `${idBase}-${name}`;
  const err = (name: string) => `${idBase}-${name}-error`;
  // Without script the form posts here (a page that answers in HTML, in the widget's language); the
  // script posts to the JSON endpoint.
  const back = product?.handle ? `return_to=${encodeURIComponent(`/products/${product.handle}`)}&` : '';
  const action = ctx.preview ? undefined : `${ctx.endpoint}/widgets/submit?${back}locale=${encodeURIComponent(ctx.text.lang)}`;
  return (
    <form
      className="pl-form"
      method="post"
      encType="multipart/form-data"
      action={action}
      data-pl-form=""
      data-pl-thanks={t('form.thanks')}
      data-pl-moderation={t('form.moderation')}
      aria-label={t('form.title')}
    >
      <input type="hidden" name="productId" value={product?.id ?? ''} />
      <input type="hidden" name="kind" value={product ? 'product' : 'store'} />
      <fieldset className="pl-rate" aria-describedby={err('rating')}>
        <legend>{t('form.rating')}</legend>
        <span className="pl-rate-stars">
          {[5, 4, 3, 2, 1].map((n) => (
            <span key={n} className="pl-rate-star">
              <input type="radio" name="rating" value={n} id={f(`rating-${n}`)} required />
              <label htmlFor={f(`rating-${n}`)} title={t('form.star', { count: n })}>
                <span aria-hidden="true">★</span>
                <span className="pl-sr">{t('form.star', { count: n })}</span>
              </label>
            </span>
          ))}
        </span>
        <FieldError id={err('rating')} field="rating" />
      </fieldset>
      <div className="pl-field">
        <label htmlFor={f('title')}>{t(s.requireTitle ? 'form.review_title' : 'form.review_title_optional')}</label>
        <input id={f('title')} name="title" maxLength={255} required={s.requireTitle} aria-describedby={err('title')} />
        <FieldError id={err('title')} field="title" />
      </div>
      <div className="pl-field">
        <label htmlFor={f('content')}>{t('form.content')}</label>
        <textarea id={f('content')} name="content" rows={4} maxLength={10_000} required aria-describedby={err('content')} />
        <FieldError id={err('content')} field="content" />
      </div>
      {questions?.length ? <QuestionFields questions={questions} text={ctx.text} f={f} /> : null}
      <div className="pl-field-row">
        <div className="pl-field">
          <label htmlFor={f('firstName')}>{t('form.first_name')}</label>
          <input id={f('firstName')} name="firstName" maxLength={255} autoComplete="given-name" required aria-describedby={err('firstName')} />
          <FieldError id={err('firstName')} field="firstName" />
        </div>
        <div className="pl-field">
          <label htmlFor={f('lastName')}>{t('form.last_name')}</label>
          <input id={f('lastName')} name="lastName" maxLength={255} autoComplete="family-name" aria-describedby={err('lastName')} />
          <FieldError id={err('lastName')} field="lastName" />
        </div>
      </div>
      <div className="pl-field">
        <label htmlFor={f('email')}>{t('form.email')}</label>
        <input id={f('email')} name="email" type="email" maxLength={320} autoComplete="email" required aria-describedby={err('email')} />
        <FieldError id={err('email')} field="email" />
      </div>
      {s.allowPhotos ? (
        <div className="pl-field">
          <label htmlFor={f('photos')}>{t('form.photos')}</label>
          <input id={f('photos')} name="photos" type="file" multiple accept={PHOTO_ACCEPT} aria-describedby={`${f('photos')}-hint ${err('photos')}`} />
          <span className="pl-hint" id={`${f('photos')}-hint`}>
            {t('form.photos_hint')}
          </span>
          <FieldError id={err('photos')} field="photos" />
        </div>
      ) : null}
      {ctx.video && !ctx.preview ? <VideoField ctx={ctx} f={f} err={err} /> : null}
      {/* honeypot: people never see it, bots fill it (English on purpose: bots look for "website") */}
      <div className="pl-hp" aria-hidden="true">
        <label htmlFor={f('website')}>Website</label>
        <input id={f('website')} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="pl-form-status" role="status" aria-live="polite" tabIndex={-1} />
      <button type={ctx.preview ? 'button' : 'submit'} className="pl-btn pl-submit">
        {t('form.submit')}
      </button>
    </form>
  );
}

/** The stand-alone submit-form block (a store review when no product is given). */
export function SubmitForm({ ctx, data }: { ctx: WidgetContext; data: SubmitFormData }) {
  const id = `pl-sf-${idPart(data.product?.id ?? 'store')}`;
  return (
    <section className="pl-box pl-submit-form" aria-labelledby={`${id}-title`}>
      <h2 className="pl-title" id={`${id}-title`}>
        {ctx.text.t('form.title')}
      </h2>
      <SubmitFormBody ctx={ctx} product={data.product} idBase={id} questions={data.questions} />
      <Branding ctx={ctx} />
    </section>
  );
}
