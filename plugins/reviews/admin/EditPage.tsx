// /reviews/edit/:id: the merchant corrects a review. Imported reviews, and customers' reviews whose
// edit request the customer has not confirmed (or denied), are refused by the API; the form says why.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Rating, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { apiJson } from '../../../admin/src/api-client';
import { editBlock, reviewEdit, type EditBlock, type Review } from '../shared/review';
import { post } from './reviews-api';

const FIELDS = ['title', 'firstName', 'lastName', 'email'] as const;
const BLOCK_TEXT: Record<EditBlock, string> = {
  imported: 'reviews:edit.imported',
  not_confirmed: 'reviews:edit.not_confirmed',
  denied: 'reviews:edit.denied',
};

export default function EditPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [review, setReview] = useState<Review | null>(null);
  const [form, setForm] = useState<Record<string, string | number>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    apiJson<Review>(`/reviews/${id}`)
      .then((r) => (setReview(r), setForm({ rating: r.rating, content: r.content, title: r.title ?? '', firstName: r.firstName ?? '', lastName: r.lastName ?? '', email: r.email ?? '' })))
      .catch(() => navigate('/reviews/list'));
  }, [id, navigate]);

  const block = review ? editBlock(review) : undefined;
  const blocked = block ? BLOCK_TEXT[block] : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = reviewEdit.partial().safeParse(form);
    if (!parsed.success) {
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), translate(String(i.path[0]) === 'email' ? 'reviews:errors.email' : 'reviews:errors.required')])));
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
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate('reviews:edit.title')}</Typography>
        {blocked && <Alert severity="warning" sx={{ mb: 2 }}>{translate(blocked)}</Alert>}
        {/* The form appears with the review, so nothing typed is overwritten when it loads. */}
        {review && <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
          <Rating value={Number(form.rating ?? 5)} onChange={(_, v) => v && setForm({ ...form, rating: v })} disabled={!!blocked} />
          <TextField label={translate('reviews:fields.content')} value={form.content ?? ''} onChange={(e) => setForm({ ...form, content: e.target.value })} error={!!errors.content} helperText={errors.content} multiline minRows={4} required disabled={!!blocked} />
          {FIELDS.map((f) => (
            <TextField key={f} label={translate(`reviews:fields.${f}`)} value={form[f] ?? ''} onChange={(e) => setForm({ ...form, [f]: e.target.value })} error={!!errors[f]} helperText={errors[f]} disabled={!!blocked} />
          ))}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={!!blocked}>{translate('reviews:form.save')}</Button>
            <Button onClick={() => navigate('/reviews/list')}>{translate('reviews:form.cancel')}</Button>
          </Box>
        </Box>}
      </CardContent>
    </Card>
  );
}
