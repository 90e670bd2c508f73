// The general tab's sections. Each edits a few fields of the draft and shows their messages.
import type { ReactNode } from 'react';
import { Alert, Box, Button, FormControl, FormControlLabel, FormHelperText, MenuItem, Radio, RadioGroup, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { HELD_DAYS, type ReviewSettings } from '../../shared/review';
import type { SettingsPlan } from './settings-api';

/** The draft: the saved settings, except a held-days number the merchant is still typing. */
export type Draft = Omit<ReviewSettings, 'autoPublishHeldAfterDays'> & { autoPublishHeldAfterDays: number | string | null };

export interface SectionProps {
  draft: Draft;
  errors: Record<string, string>;
  set: (patch: Partial<Draft>) => void;
}

const t = (key: string) => `reviews:general.${key}`;

function Section({ id, children }: { id: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby={`general-${id}`} sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography variant="h6" component="h2" id={`general-${id}`}>
          {translate(t(`${id}.title`))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(t(`${id}.intro`))}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/** Radio options named by their section's heading. */
function Choice<V extends string>({
  section,
  name,
  value,
  options,
  onChange,
}: {
  section: string;
  name: string;
  value: V;
  options: { value: V; label: string; help?: string }[];
  onChange: (v: V) => void;
}) {
  return (
    <FormControl>
      <RadioGroup
        aria-labelledby={`general-${section}`}
        name={name}
        value={String(value)}
        onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)!.value)}
      >
        {options.map((o) => (
          <Box key={String(o.value)} sx={{ mb: 0.5 }}>
            <FormControlLabel value={String(o.value)} control={<Radio />} label={o.label} />
            {o.help && <FormHelperText sx={{ mt: -0.75, ml: 4 }}>{o.help}</FormHelperText>}
          </Box>
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function Toggle({ checked, label, help, onChange }: { checked: boolean; label: string; help?: string; onChange: (v: boolean) => void }) {
  return (
    <Box>
      <FormControlLabel control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={label} />
      {help && <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{help}</FormHelperText>}
    </Box>
  );
}

export function EligibilitySection({ draft, set }: SectionProps) {
  const translate = useTranslate();
  return (
    <Section id="eligibility">
      <Choice
        section="eligibility"
        name="customerEligibility"
        value={draft.customerEligibility}
        onChange={(customerEligibility) => set({ customerEligibility })}
        options={(['everyone', 'buyers'] as const).map((v) => ({
          value: v,
          label: translate(t(`eligibility.${v}`)),
          help: translate(t(`eligibility.${v}_help`)),
        }))}
      />
    </Section>
  );
}

/** A number the merchant types stays as typed until it is one; the schema reports the rest. */
const numberOrRaw = (raw: string) => (raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw);

export function PublishingSection({ draft, errors, set }: SectionProps) {
  const translate = useTranslate();
  const held = draft.autoPublishHeldAfterDays;
  return (
    <Section id="publish">
      <Choice
        section="publish"
        name="autoPublish"
        value={draft.autoPublish}
        onChange={(autoPublish) => set({ autoPublish })}
        options={(['all', 'hold'] as const).map((v) => ({ value: v, label: translate(t(`publish.${v}`)) }))}
      />
      {draft.autoPublish === 'hold' && (
        <Box sx={{ display: 'grid', gap: 1, pl: { sm: 4 } }}>
          <Toggle checked={held !== null} label={translate(t('publish.auto'))} onChange={(on) => set({ autoPublishHeldAfterDays: on ? 14 : null })} />
          {held !== null && (
            <TextField
              size="small"
              type="number"
              sx={{ maxWidth: 260 }}
              label={translate(t('publish.after_days'))}
              value={held}
              onChange={(e) => set({ autoPublishHeldAfterDays: numberOrRaw(e.target.value) })}
              error={!!errors.autoPublishHeldAfterDays}
              helperText={errors.autoPublishHeldAfterDays ?? translate(t('publish.after_help'))}
              slotProps={{ htmlInput: { min: HELD_DAYS.min, max: HELD_DAYS.max, inputMode: 'numeric' } }}
            />
          )}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        {translate(t('publish.same_rule'))}
      </Typography>
    </Section>
  );
}

export function RecycleBinSection({ draft, errors, set, plan }: SectionProps & { plan: SettingsPlan }) {
  const translate = useTranslate();
  return (
    <Section id="trash">
      {!plan.recycleBin && (
        <Alert
          severity="info"
          action={
            <Button component={Link} to={`/subscription?tier=${plan.recycleBinTier}`} size="small">
              {translate(t('trash.upgrade'))}
            </Button>
          }
        >
          {translate(t('trash.not_on_plan'))}
        </Alert>
      )}
      <TextField
        select
        size="small"
        sx={{ maxWidth: 260 }}
        label={translate(t('trash.retention'))}
        value={draft.trashRetentionDays}
        onChange={(e) => set({ trashRetentionDays: Number(e.target.value) as 15 | 30 })}
        error={!!errors.trashRetentionDays}
        helperText={errors.trashRetentionDays}
      >
        {[15, 30].map((n) => (
          <MenuItem key={n} value={n}>
            {translate(t('trash.days'), { n })}
          </MenuItem>
        ))}
      </TextField>
    </Section>
  );
}

export function StorefrontSection({ draft, set }: SectionProps) {
  const translate = useTranslate();
  return (
    <Section id="storefront">
      <Toggle
        checked={draft.richSnippets}
        label={translate(t('storefront.rich_snippets'))}
        help={translate(t('storefront.rich_snippets_help'))}
        onChange={(richSnippets) => set({ richSnippets })}
      />
      <Toggle
        checked={draft.ugcDisplay}
        label={translate(t('storefront.ugc'))}
        help={translate(t('storefront.ugc_help'))}
        onChange={(ugcDisplay) => set({ ugcDisplay })}
      />
    </Section>
  );
}

export function NotificationsSection({ draft, errors, set, shopEmail }: SectionProps & { shopEmail: string }) {
  const translate = useTranslate();
  const receiver = (name: 'receiverNewReview' | 'receiverNegativeReview', label: string) => (
    <TextField
      size="small"
      type="email"
      sx={{ maxWidth: 420, ml: { sm: 6 } }}
      label={label}
      placeholder={shopEmail}
      value={draft[name] ?? ''}
      onChange={(e) => set({ [name]: e.target.value.trim() === '' ? null : e.target.value.trim() })}
      error={!!errors[name]}
      helperText={errors[name] ?? translate(t('notify.receiver_help'))}
    />
  );
  return (
    <Section id="notify">
      <Toggle
        checked={draft.enabledEmailNewReview}
        label={translate(t('notify.new_on'))}
        onChange={(enabledEmailNewReview) => set({ enabledEmailNewReview })}
      />
      {receiver('receiverNewReview', translate(t('notify.receiver_new')))}
      <Toggle
        checked={draft.enabledEmailNegativeReview}
        label={translate(t('notify.negative_on'))}
        onChange={(enabledEmailNegativeReview) => set({ enabledEmailNegativeReview })}
      />
      {receiver('receiverNegativeReview', translate(t('notify.receiver_negative')))}
      <TextField
        select
        size="small"
        sx={{ maxWidth: 260, ml: { sm: 6 } }}
        label={translate(t('notify.threshold'))}
        value={draft.negativeThreshold}
        onChange={(e) => set({ negativeThreshold: Number(e.target.value) })}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <MenuItem key={n} value={n}>
            {translate(t('notify.stars_or_fewer'), { smart_count: n })}
          </MenuItem>
        ))}
      </TextField>
    </Section>
  );
}
