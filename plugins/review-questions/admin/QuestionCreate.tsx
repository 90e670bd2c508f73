import { Create, useTranslate } from 'react-admin';
import { QuestionForm } from './QuestionForm';

export default function QuestionCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('review-questions:admin.create')} redirect="list">
      <QuestionForm />
    </Create>
  );
}
