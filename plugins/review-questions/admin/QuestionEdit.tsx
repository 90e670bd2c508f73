import { Typography } from '@mui/material';
import { Edit, useTranslate } from 'react-admin';
import { cleanQuestion, QuestionForm } from './QuestionForm';

// Pessimistic: the server's refusals (an answered question's kind or choices) show before leaving.
export default function QuestionEdit() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('review-questions:admin.menu')}
      </Typography>
      <Edit transform={cleanQuestion} title={translate('review-questions:admin.menu')} mutationMode="pessimistic" redirect="list">
        <QuestionForm />
      </Edit>
    </>
  );
}
