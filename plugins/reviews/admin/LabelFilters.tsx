// The list's filters by other plugins' labels (GET /api/reviews/labels): one multi-select per label
// group present on the listed reviews, with counts; a mention-tone filter; and the "Needs a look"
// quick filter, which stays in sight beside the search on a phone too. Without labels none shows.
import { useEffect, useState } from 'react';
import { Chip, MenuItem, TextField } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import { useTranslate } from 'react-admin';
import { labelsByGroup, type LabelFacet, type LabelFacets, MENTION_TONES } from '../shared/labels';
import type { FilterState } from './list-state';
import { useLabelName } from './LabelChips';
import { fetchLabelFacets } from './reviews-api';

/** The facets of the list's query (tab and filters, without paging and label filters); null until known or when they fail. */
export function useLabelFacets(query: string, refresh: number): LabelFacets | null {
  const [facets, setFacets] = useState<LabelFacets | null>(null);
  useEffect(() => {
    let current = true;
    fetchLabelFacets(query).then(
      (f) => current && setFacets(f),
      () => current && setFacets(null),
    );
    return () => {
      current = false;
    };
  }, [query, refresh]);
  return facets;
}

type Group = LabelFacets['groups'][number];
const none = (key: string, source: string): LabelFacet => ({ key, source, reviews: 0, positive: 0, negative: 0, flag: 0 });

/** The groups to offer: those on the listed reviews, and those the list is filtered by (a saved view's, gone since). */
function groupsShown(facets: LabelFacets | null, chosen: string[]): Group[] {
  const groups = new Map((facets?.groups ?? []).map((g) => [g.group, { ...g, labels: [...g.labels] }]));
  for (const [group, keys] of labelsByGroup(chosen)) {
    const shown = groups.get(group) ?? { group, source: '', labels: [] };
    for (const key of keys) if (!shown.labels.some((l) => l.key === key)) shown.labels.push(none(key, shown.source));
    groups.set(group, shown);
  }
  return [...groups.values()];
}

interface Props {
  facets: LabelFacets | null;
  value: Pick<FilterState, 'label' | 'tone'>;
  onChange: (patch: Partial<FilterState>) => void;
}

export function LabelFilters({ facets, value, onChange }: Props) {
  const translate = useTranslate();
  const name = useLabelName();
  const chosen = labelsByGroup(value.label);
  const choose = (group: string, keys: string[]) =>
    onChange({ label: [...value.label.filter((ref) => !ref.startsWith(`${group}:`)), ...keys.map((k) => `${group}:${k}`)] });
  const mentions = (facets?.mentions.positive ?? 0) + (facets?.mentions.negative ?? 0) > 0;
  return (
    <>
      {groupsShown(facets, value.label).map((g) => {
        const labelName = (key: string) => name({ source: g.labels.find((l) => l.key === key)?.source ?? g.source, group: g.group, key });
        return (
          <TextField
            key={g.group}
            select
            size="small"
            label={translate(`${g.source}:labels.${g.group}._name`, { _: g.group })}
            value={chosen.get(g.group) ?? []}
            slotProps={{ select: { multiple: true, renderValue: (keys) => (keys as string[]).map(labelName).join(', ') } }}
            onChange={(e) => choose(g.group, e.target.value as unknown as string[])}
            sx={{ minWidth: 140 }}
          >
            {g.labels.map((l) => (
              <MenuItem key={l.key} value={l.key}>
                {`${labelName(l.key)} (${l.reviews})`}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
      {(mentions || value.tone) && (
        <TextField
          select
          size="small"
          label={translate('reviews:label_filters.tone')}
          value={value.tone}
          onChange={(e) => onChange({ tone: e.target.value as FilterState['tone'] })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{translate('reviews:filters.any')}</MenuItem>
          {MENTION_TONES.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`reviews:label_filters.${t}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}

/** "Needs a look": the reviews another plugin flagged; shown when some are, or while it is on. */
export function NeedsLookFilter({ facets, active, onChange }: { facets: LabelFacets | null; active: boolean; onChange: (on: boolean) => void }) {
  const translate = useTranslate();
  const count = facets?.needsLook ?? 0;
  if (!active && !count) return null;
  return (
    <Chip
      icon={<FlagIcon />}
      color="warning"
      variant={active ? 'filled' : 'outlined'}
      label={`${translate('reviews:label_filters.needs_look')} (${count})`}
      onClick={() => onChange(!active)}
      aria-pressed={active}
      sx={{ alignSelf: 'center' }}
    />
  );
}
