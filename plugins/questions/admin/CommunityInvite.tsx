// "Ask the community" in the answer editor: invites up to the setting's number of verified buyers of
// the product (from the review-requests app; without it the button says the feature is unavailable)
// to answer by email, and lists who was invited and how their invitation stands.
import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import { useNotify, useTranslate } from 'react-admin';
import type { CommunityState } from '../shared/community';
import { fetchCommunity, inviteCommunity } from './question-api';

export function CommunityInvite({ questionId }: { questionId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<CommunityState | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchCommunity(questionId).then(setState, () => setState(undefined));
  }, [questionId]);

  const invite = async () => {
    setBusy(true);
    try {
      const { invited, community } = await inviteCommunity(questionId);
      setState(community);
      if (invited) notify('questions:community.invited', { type: 'success', messageArgs: { smart_count: invited } });
      else notify('questions:community.none_found', { type: 'info' });
    } catch {
      notify('questions:toast.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (!state) return null;
  return (
    <Card sx={{ mb: 2 }} data-testid="community-invite">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="subtitle1">{translate('questions:community.title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(state.available ? 'questions:community.hint' : 'questions:community.unavailable', { smart_count: state.perInvite })}
        </Typography>
        <Box>
          <Button variant="outlined" startIcon={<GroupsIcon />} disabled={!state.available || busy} onClick={() => void invite()}>
            {translate('questions:community.button')}
          </Button>
        </Box>
        {state.invitations.length > 0 && (
          <Stack spacing={0.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={translate('questions:community.invited_list')}>
            {state.invitations.map((i) => (
              <Stack key={i.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {i.name ? `${i.name} · ${i.email}` : i.email}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={translate(`questions:community.status.${i.status}`)}
                  color={i.status === 'answered' ? 'success' : i.status === 'refused' ? 'error' : 'default'}
                />
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
