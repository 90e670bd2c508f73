import { Typography } from '@mui/material';
import { Create, useTranslate } from 'react-admin';
import { cleanQuestion, QuestionForm } from './QuestionForm';

export default function QuestionCreate() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('review-questions:admin.create')}
      </Typography>
      <Create transform={cleanQuestion} title={translate('review-questions:admin.create')} redirect="list">
        <QuestionForm />
      </Create>
    </>
  );
}
