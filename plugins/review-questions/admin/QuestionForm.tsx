// The question editor of create and edit: the fields each kind needs (a scale's points and end
// labels, the choices of a single or multiple choice, "would recommend" for yes/no), the scope, and,
// once answered, the kind and the choices kept (the server refuses changing them, with a message).
import { Alert } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { KINDS, SCOPES } from '../shared/kinds';
import type { Question } from '../shared/question';

const lines = {
  format: (v: string[] | undefined) => (v ?? []).join('\n'),
  parse: (v: string) =>
    v
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
};

/** What a save sends: only the fields of the chosen kind and scope (hidden fields keep their values meanwhile). */
export function cleanQuestion(data: Question): Question {
  const choice = data.kind === 'single' || data.kind === 'multiple';
  return {
    ...data,
    points: data.kind === 'scale' ? data.points : null,
    lowLabel: data.kind === 'scale' ? data.lowLabel : null,
    highLabel: data.kind === 'scale' ? data.highLabel : null,
    options: choice ? (data.options ?? []) : [],
    recommend: data.kind === 'yesno' && !!data.recommend,
    scopeValues: data.scope === 'all' ? [] : (data.scopeValues ?? []),
  };
}

export function QuestionForm() {
  const translate = useTranslate();
  const t = (key: string) => translate(`review-questions:admin.${key}`);
  const record = useRecordContext<Question>();
  const answered = (record?.answerCount ?? 0) > 0;
  return (
    <SimpleForm
      defaultValues={{ kind: 'scale', points: 5, scope: 'all', scopeValues: [], options: [], required: false, recommend: false, position: 0, archived: false }}
    >
      {answered ? (
        <Alert severity="info">
          <div>{t('answered_note')}</div>
          <div>{t('delete_archives')}</div>
        </Alert>
      ) : null}
      <TextInput source="label" label={t('fields.label')} validate={required()} fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
      <SelectInput
        source="kind"
        label={t('fields.kind')}
        choices={KINDS.map((id) => ({ id, name: t(`kinds.${id}`) }))}
        validate={required()}
        disabled={answered}
      />
      <BooleanInput source="required" label={t('fields.required')} />
      <FormDataConsumer<{ kind: Question['kind'] }>>
        {({ formData }) =>
          formData.kind === 'scale' ? (
            <>
              <NumberInput source="points" label={t('fields.points')} min={3} max={7} validate={required()} disabled={answered} />
              <TextInput source="lowLabel" label={t('fields.low_label')} validate={required()} />
              <TextInput source="highLabel" label={t('fields.high_label')} validate={required()} />
            </>
          ) : formData.kind === 'single' || formData.kind === 'multiple' ? (
            <ArrayInput source="options" label={t('fields.options')}>
              <SimpleFormIterator inline disableReordering>
                <TextInput source="label" label={t('fields.option_label')} validate={required()} />
              </SimpleFormIterator>
            </ArrayInput>
          ) : (
            <BooleanInput source="recommend" label={t('fields.recommend')} />
          )
        }
      </FormDataConsumer>
      <SelectInput source="scope" label={t('fields.scope')} choices={SCOPES.map((id) => ({ id, name: t(`scopes.${id}`) }))} validate={required()} />
      <FormDataConsumer<{ scope: string }>>
        {({ formData }) =>
          formData.scope !== 'all' ? (
            <TextInput source="scopeValues" label={t('fields.scope_values')} helperText={t('fields.scope_values_help')} multiline minRows={2} {...lines} />
          ) : null
        }
      </FormDataConsumer>
      <NumberInput source="position" label={t('fields.position')} min={0} />
      {record?.id ? <BooleanInput source="archived" label={t('fields.archived')} /> : null}
    </SimpleForm>
  );
}
