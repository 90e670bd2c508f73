// /reviews/reply/:id: the merchant's public answer to a review (content required, paid tier), with
// "Draft a reply" filling the field when the insights plugin is installed (ReplyDraftButton).
import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { apiJson } from '@plaudit/kernel/admin';
import { replyInput, type Review } from '../shared/review';
import { ReplyDraftButton } from './ReplyDraftButton';
import { post } from './reviews-api';
import { Stars } from './Stars';

export default function ReplyPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [review, setReview] = useState<Review | null>(null);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiJson<Review>(`/reviews/${id}`)
      .then((r) => (setReview(r), setContent(r.replyContent ?? '')))
      .catch(() => navigate('/reviews/list'));
  }, [id, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!replyInput.safeParse({ content }).success) return setError(translate('reviews:errors.required'));
    try {
      await post(`/reviews/${id}/reply`, { content });
      notify('reviews:toast.reply', { type: 'success' });
      navigate('/reviews/list');
    } catch {
      notify('reviews:toast.reply_failed', { type: 'error' });
    }
  };
  const remove = async () => {
    try {
      await post(`/reviews/${id}/reply`, undefined, 'DELETE');
      notify('reviews:toast.reply_deleted', { type: 'success' });
      navigate('/reviews/list');
    } catch {
      notify('reviews:toast.reply_delete_failed', { type: 'error' });
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('reviews:reply.title')} />
      <CardContent>
        <Typography variant="h5" component="h1">
          {translate('reviews:reply.title')}
        </Typography>
        {review && (
          <Box sx={{ my: 2 }}>
            <Stars value={review.rating} />
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{review.content}</Typography>
          </Box>
        )}
        {/* The form appears with the review, so nothing typed is overwritten by its existing reply. */}
        {review && (
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
            <TextField
              label={translate('reviews:reply.content')}
              value={content}
              onChange={(e) => (setContent(e.target.value), setError(null))}
              error={!!error}
              helperText={error}
              multiline
              minRows={4}
              required
            />
            <ReplyDraftButton reviewId={review.id} content={content} onDraft={(text) => (setContent(text), setError(null))} />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button type="submit" variant="contained">
                {translate('reviews:reply.send')}
              </Button>
              {review.replyContent && (
                <Button color="error" onClick={remove}>
                  {translate('reviews:reply.delete')}
                </Button>
              )}
              <Button onClick={() => navigate('/reviews/list')}>{translate('reviews:form.cancel')}</Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
