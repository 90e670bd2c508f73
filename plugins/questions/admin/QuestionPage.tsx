// /questions/:id: the question, the merchant's answer editor (saving publishes the answer with its
// question and mails the asker), "ask the community" (CommunityInvite) and the customers' answers
// with publish / unpublish.
import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link, Title, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { LeaveGuard } from '@plaudit/kernel/admin';
import { MAX_ANSWER, type Question } from '../shared/question';
import { fetchQuestion, saveAnswer, setAnswerStatus } from './question-api';
import { CommunityInvite } from './CommunityInvite';

export default function QuestionPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { id } = useParams();
  const [question, setQuestion] = useState<Question | null | undefined>(undefined);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const merchant = question?.answers.find((a) => a.author === 'merchant');
  const community = question?.answers.filter((a) => a.author === 'community') ?? [];

  useEffect(() => {
    fetchQuestion(id!).then(
      (q) => {
        setQuestion(q);
        setDraft(q.answers.find((a) => a.author === 'merchant')?.body ?? '');
      },
      () => setQuestion(null),
    );
  }, [id]);

  const save = async () => {
    if (!draft.trim()) return setError(translate('questions:answer.required'));
    setSaving(true);
    try {
      const saved = await saveAnswer(question!.id, draft);
      setQuestion(saved);
      setDraft(saved.answers.find((a) => a.author === 'merchant')?.body ?? draft);
      notify('questions:toast.answered', { type: 'success' });
    } catch {
      notify('questions:toast.failed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const moderate = async (answerId: number, status: 'published' | 'unpublished') => {
    try {
      setQuestion(await setAnswerStatus(question!.id, answerId, status));
    } catch {
      notify('questions:toast.failed', { type: 'error' });
    }
  };

  const back = (
    <Button component={Link} to="/questions" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      {translate('questions:answer.back')}
    </Button>
  );
  if (question === undefined) return null;
  if (question === null)
    return (
      <Box sx={{ mt: 2 }}>
        {back}
        <Typography>{translate('questions:answer.not_found')}</Typography>
      </Box>
    );
  return (
    <Box sx={{ mt: 2, maxWidth: 820 }}>
      <Title title={translate('questions:answer.title')} />
      <LeaveGuard dirty={draft !== (merchant?.body ?? '') && !saving} />
      {back}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="overline">{translate('questions:answer.question')}</Typography>
          <Typography variant="h6" component="p" data-testid="question-text" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {question.body}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('questions:answer.asked_by', {
              name: question.askerName,
              email: question.askerEmail ?? '—',
              date: new Date(question.createdAt).toLocaleString(),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('questions:answer.product')}: {question.productTitle ?? question.productId}
          </Typography>
          <Chip
            size="small"
            sx={{ mt: 1 }}
            label={translate(`questions:status.${question.status}`)}
            color={question.status === 'published' ? 'success' : 'default'}
          />
        </CardContent>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={translate('questions:answer.your_answer')}
            value={draft}
            multiline
            minRows={4}
            fullWidth
            error={!!error}
            helperText={error || translate('questions:answer.hint')}
            slotProps={{ htmlInput: { maxLength: MAX_ANSWER, 'data-testid': 'answer-input' } }}
            onChange={(e) => (setError(''), setDraft(e.target.value))}
          />
          <Box>
            <Button variant="contained" disabled={saving} onClick={() => void save()}>
              {translate(merchant ? 'questions:answer.update' : 'questions:answer.save')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <CommunityInvite questionId={question.id} />
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate('questions:answer.community')}
      </Typography>
      {community.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('questions:answer.no_community')}
        </Typography>
      )}
      <Stack spacing={1}>
        {community.map((a) => (
          <Card key={a.id} variant="outlined">
            <CardContent>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {a.body}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {a.authorName}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                <Chip size="small" label={translate(`questions:status.${a.status}`)} />
                <Button size="small" onClick={() => void moderate(a.id, a.status === 'published' ? 'unpublished' : 'published')}>
                  {translate(a.status === 'published' ? 'questions:actions.unpublish' : 'questions:actions.publish')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
