import { Edit, useTranslate } from 'react-admin';
import { cleanQuestion, QuestionForm } from './QuestionForm';

// Pessimistic: the server's refusals (an answered question's kind or choices) show before leaving.
export default function QuestionEdit() {
  const translate = useTranslate();
  return (
    <Edit transform={cleanQuestion} title={translate('review-questions:admin.menu')} mutationMode="pessimistic" redirect="list">
      <QuestionForm />
    </Edit>
  );
}
