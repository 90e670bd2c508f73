// /reviews/edit/:id: the merchant corrects a review. Imported reviews, and customers' reviews whose
// edit request the customer has not confirmed (or denied), are refused by the API; the form says why
// and offers the edit request where one helps.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, Rating, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { apiJson } from '@plaudit/kernel/admin';
import { editBlock, reviewEdit, type Review } from '../shared/review';
import { EditBlockNotice } from './EditBlockNotice';
import { SeeTranslation } from './SeeTranslation';
import { post, useReviewAction } from './reviews-api';

const FIELDS = ['title', 'firstName', 'lastName', 'email'] as const;

export default function EditPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [review, setReview] = useState<Review | null>(null);
  const [form, setForm] = useState<Record<string, string | number>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const run = useReviewAction();
  const load = useCallback(
    () =>
      apiJson<Review>(`/reviews/${id}`)
        .then(
          (r) => (
            setReview(r),
            setForm({
              rating: r.rating,
              content: r.content,
              title: r.title ?? '',
              firstName: r.firstName ?? '',
              lastName: r.lastName ?? '',
              email: r.email ?? '',
            })
          ),
        )
        .catch(() => navigate('/reviews/list')),
    [id, navigate],
  );
  useEffect(() => {
    load();
  }, [load]);

  const block = review ? editBlock(review) : undefined;
  const blocked = !!block;
  const requestEdit = async () => {
    setSending(true);
    if (await run('request-edit', [Number(id)])) await load();
    setSending(false);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = reviewEdit.partial().safeParse(form);
    if (!parsed.success) {
      return setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0]), translate(String(i.path[0]) === 'email' ? 'reviews:errors.email' : 'reviews:errors.required')]),
        ),
      );
    }
    try {
      await post(`/reviews/${id}`, parsed.data, 'PUT');
      notify('reviews:toast.saved', { type: 'success' });
      navigate('/reviews/list');
    } catch (err) {
      notify((err as { body?: { message?: string } }).body?.message ?? 'reviews:toast.save_failed', { type: 'error' });
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('reviews:edit.title')} />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {translate('reviews:edit.title')}
        </Typography>
        {review && block && <EditBlockNotice block={block} review={review} sending={sending} onRequest={requestEdit} />}
        {/* The form appears with the review, so nothing typed is overwritten when it loads. */}
        {review && (
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
            <Rating value={Number(form.rating ?? 5)} onChange={(_, v) => v && setForm({ ...form, rating: v })} disabled={blocked} />
            <TextField
              label={translate('reviews:fields.content')}
              value={form.content ?? ''}
              onChange={(e) => setForm({ ...form, content: e.target.value })}
              error={!!errors.content}
              helperText={errors.content}
              multiline
              minRows={4}
              required
              disabled={blocked}
            />
            <SeeTranslation reviewId={review.id} language={review.language} />
            {FIELDS.map((f) => (
              <TextField
                key={f}
                label={translate(`reviews:fields.${f}`)}
                value={form[f] ?? ''}
                onChange={(e) => setForm({ ...form, [f]: e.target.value })}
                error={!!errors[f]}
                helperText={errors[f]}
                disabled={blocked}
              />
            ))}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={blocked}>
                {translate('reviews:form.save')}
              </Button>
              <Button onClick={() => navigate('/reviews/list')}>{translate('reviews:form.cancel')}</Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
