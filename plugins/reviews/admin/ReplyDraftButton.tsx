// "Draft a reply" on the reply screen (issue 35): the insights plugin's route proposes a reply that
// fills the field, never sends it. Reviews does not depend on insights (that would be a capability
// cycle): it calls the route named in insights' contract and, as "See translation" does, hides the
// button when the route answers 404 (no insights plugin). The text stays marked as a draft (and as a
// model's, when a language model wrote it) until the merchant edits it; Undo brings back what was there.
import { useEffect, useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import { REPLY_DRAFT_PATH, type ReplyDraft, type ReplyDraftOffer } from '@plaudit/contracts/insights';

interface Props {
  reviewId: number;
  /** the reply field's text now */
  content: string;
  /** fills the reply field */
  onDraft: (text: string) => void;
}

/** what the field held before the draft replaced it, with the draft */
interface Drafted {
  draft: ReplyDraft;
  before: string;
}

const PROVIDER_NAMES: Record<string, string> = { openai: 'OpenAI-compatible', anthropic: 'Anthropic' };
const statusOf = (err: unknown) => (err as { status?: number }).status ?? 0;

export function ReplyDraftButton({ reviewId, content, onDraft }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const path = REPLY_DRAFT_PATH.replace(':id', String(reviewId));
  const [offer, setOffer] = useState<ReplyDraftOffer | 'hidden' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [drafted, setDrafted] = useState<Drafted | null>(null);

  useEffect(() => {
    let live = true;
    apiJson<ReplyDraftOffer>(path)
      .then((o) => live && setOffer(o))
      // no insights plugin: no button; anything else: offer it, a click will say if it fails
      .catch((err) => live && setOffer(statusOf(err) === 404 ? 'hidden' : { source: 'offline' }));
    return () => {
      live = false;
    };
  }, [path]);
  if (!offer || offer === 'hidden') return null;

  const draft = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const result = await apiJson<ReplyDraft>(path, { method: 'POST', body: JSON.stringify({ locale }) });
      setDrafted({ draft: result, before: content });
      onDraft(result.text);
    } catch (err) {
      if (statusOf(err) === 404) setOffer('hidden');
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const shown = drafted && drafted.draft.text === content ? drafted : null;

  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button variant="outlined" size="small" onClick={draft} disabled={busy}>
        {translate(busy ? 'reviews:reply.drafting' : 'reviews:reply.draft')}
      </Button>
      {failed && <Alert severity="error">{translate('reviews:reply.draft_failed')}</Alert>}
      {shown && <DraftMark drafted={shown} onUndo={() => (setDrafted(null), onDraft(shown.before))} />}
    </Box>
  );
}

/** the draft's label: written by the app or by a model (which one), and why a connected model was not used */
function DraftMark({ drafted: { draft, before }, onUndo }: { drafted: Drafted; onUndo: () => void }) {
  const translate = useTranslate();
  const model = [PROVIDER_NAMES[draft.provider ?? ''] ?? draft.provider, draft.model].filter(Boolean).join(' · ');
  return (
    <Alert
      severity={draft.source === 'model' ? 'warning' : 'info'}
      data-testid="reply-draft-mark"
      sx={{ width: '100%', boxSizing: 'border-box' }}
      action={
        before.trim() && before !== draft.text ? (
          <Button color="inherit" size="small" onClick={onUndo}>
            {translate('reviews:reply.draft_undo')}
          </Button>
        ) : undefined
      }
    >
      {translate(draft.source === 'model' ? 'reviews:reply.draft_model' : 'reviews:reply.draft_offline', { model })}
      {draft.fallback && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          {translate(`reviews:reply.draft_fallback.${draft.fallback}`)}
        </Box>
      )}
    </Alert>
  );
}
