// One display-settings screen: the form cards on the left, the live preview on the right (below on
// phones), Save enabled only with valid changes, Discard back to the saved copy, toasts, and the
// prompt when leaving with unsaved changes. Each widget screen and /branding are this with their fields.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LeaveGuard, useShop } from '@plaudit/kernel/admin';
import { WIDGETS, type WidgetKey } from '../shared/display-settings';
import type { PublicReview } from '../shared/widget-types';
import { previewSettings, useDisplayDraft } from './display-api';
import type { FieldGroup } from './fields';
import { SettingsFields } from './SettingsFields';
import { draftErrors } from './validation-text';
import { WidgetPreview } from './WidgetPreview';

export interface ScreenProps {
  title: string;
  intro: string;
  groups: FieldGroup[];
  /** what the preview shows */
  preview: WidgetKey;
  /** the screen's own widget, for its trial state */
  widget?: WidgetKey;
  back?: { to: string; label: string };
}

export function SettingsScreen({ title, intro, groups, preview, widget, back }: ScreenProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: shop } = useShop();
  const widgets = [...new Set(groups.map((g) => g.widget))];
  const d = useDisplayDraft(widgets);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<WidgetKey, Record<string, string>>>>({});
  const [chosen, setChosen] = useState<PublicReview[]>([]);

  const heading = (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      {back && (
        <Button component={Link} to={back.to} startIcon={<ArrowBackIcon />} size="small" sx={{ justifySelf: 'start', ml: -1 }}>
          {back.label}
        </Button>
      )}
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{intro}</Typography>
    </Box>
  );
  if (d.failed) {
    return (
      <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
        <Title title={title} />
        {heading}
        <Alert severity="error">{translate('widgets:load_failed')}</Alert>
      </Box>
    );
  }
  if (!d.state) return <Title title={title} />;

  const errors = Object.fromEntries(widgets.map((w) => [w, { ...draftErrors(WIDGETS[w], d.draft[w] ?? {}, translate), ...(serverErrors[w] ?? {}) }]));
  const valid = widgets.every((w) => Object.keys(errors[w]).length === 0);
  const trial = widget ? d.state.trials[widget] : undefined;

  const save = async () => {
    setSaving(true);
    try {
      await d.save();
      setServerErrors({});
      notify('plaudit.saved', { type: 'success' });
    } catch (err) {
      const { body, widget: failed } = err as { body?: { errors?: Record<string, string> }; widget?: WidgetKey };
      if (body?.errors && failed) setServerErrors({ [failed]: body.errors });
      notify('plaudit.save_failed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const change = (w: WidgetKey, part: Record<string, unknown>) => {
    setServerErrors((e) => ({ ...e, [w]: {} }));
    d.setPart(w, part);
  };

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={title} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        {heading}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {trial?.active && <Chip color="info" label={translate('widgets:trial.days_left', { smart_count: trial.daysLeft })} />}
          <Button disabled={!d.dirty || saving} onClick={() => (d.discard(), setServerErrors({}))}>
            {translate('widgets:actions.discard')}
          </Button>
          <Button variant="contained" disabled={!d.dirty || !valid || saving} onClick={save}>
            {translate('ra.action.save')}
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(320px, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {groups.map((g) => (
            <Card key={`${g.widget}:${g.key}`}>
              <CardContent sx={{ display: 'grid', gap: 2 }}>
                <Box>
                  <Typography variant="h6" component="h2">
                    {translate(`widgets:group.${g.key}.title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`widgets:group.${g.key}.text`)}
                  </Typography>
                </Box>
                <SettingsFields
                  widget={g.widget}
                  fields={g.fields}
                  draft={d.draft[g.widget] ?? {}}
                  errors={errors[g.widget]}
                  plan={d.state!.plan}
                  onChange={(part) => change(g.widget, part)}
                  onChosenReviews={setChosen}
                />
              </CardContent>
            </Card>
          ))}
        </Box>
        <Card sx={{ position: { md: 'sticky' }, top: { md: 72 } }}>
          <CardContent>
            <WidgetPreview
              widget={preview}
              settings={previewSettings(d.state.data, d.draft)}
              shopName={shop?.name ?? shop?.shopifyDomain ?? ''}
              shopLocale={shop?.primaryLocale}
              chosen={chosen}
            />
          </CardContent>
        </Card>
      </Box>
      <LeaveGuard dirty={d.dirty} />
    </Box>
  );
}
