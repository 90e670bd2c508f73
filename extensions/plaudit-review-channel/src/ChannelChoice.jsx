// "We'll ask for your review when it arrives": the channel (only those the shop connected) and, for
// a text message, the customer's consent to it; saved to the app, which tells the order's request.
import {useState} from 'preact/hooks';
import {callApp, t} from './api.js';

export function ChannelChoice({orderId, state}) {
  const [channel, setChannel] = useState(state.choice?.channel ?? 'email');
  const [consent, setConsent] = useState(state.choice?.consent ?? false);
  const [saved, setSaved] = useState(!!state.choice);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const heading = shopify.settings.value.heading || t('heading');
  const name = (c) => t(`channels.${c}`);
  const texting = channel !== 'email';
  const changed = (apply) => (event) => {
    apply(event.currentTarget);
    setSaved(false);
    setError('');
  };

  async function save() {
    setSaving(true);
    try {
      await callApp('POST', {body: {order: orderId, channel, consent: texting && consent}});
      setSaved(true);
    } catch (err) {
      setError(err.message);
    } finally {
      setSaving(false);
    }
  }

  if (state.channels.length < 2)
    return (
      <s-stack gap="small-200">
        <s-heading>{heading}</s-heading>
        <s-text>{t('by_email')}</s-text>
      </s-stack>
    );
  return (
    <s-stack gap="base">
      <s-heading>{heading}</s-heading>
      <s-choice-list label={t('channel')} name="review-channel" values={[channel]} onChange={changed((el) => setChannel(el.values[0]))}>
        {state.channels.map((c) => (
          <s-choice key={c} value={c} selected={c === channel}>
            {name(c)}
          </s-choice>
        ))}
      </s-choice-list>
      {texting && <s-checkbox label={t('consent', {channel: name(channel)})} checked={consent} onChange={changed((el) => setConsent(el.checked))} />}
      <s-button variant="primary" loading={saving} disabled={texting && !consent} onClick={save}>
        {t('save')}
      </s-button>
      {saved && <s-banner tone="success" heading={t('saved', {channel: name(channel)})} />}
      {error && <s-banner tone="critical" heading={error} />}
    </s-stack>
  );
}
