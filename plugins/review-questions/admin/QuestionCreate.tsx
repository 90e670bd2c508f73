import { Create, useTranslate } from 'react-admin';
import { cleanQuestion, QuestionForm } from './QuestionForm';

export default function QuestionCreate() {
  const translate = useTranslate();
  return (
    <Create transform={cleanQuestion} title={translate('review-questions:admin.create')} redirect="list">
      <QuestionForm />
    </Create>
  );
}
