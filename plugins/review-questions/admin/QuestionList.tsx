// /review-questions: the shop's questions in the order the forms ask them (at most 20 live ones: one
// page), with their kind, scope and answer count; "Show archived" lists the archived ones instead.
import { Chip, Typography } from '@mui/material';
import { BooleanInput, CreateButton, Datagrid, FunctionField, List, NumberField, TextField, TopToolbar, useTranslate } from 'react-admin';
import type { Question } from '../shared/question';

function Actions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

export default function QuestionList() {
  const translate = useTranslate();
  const t = (key: string) => translate(`review-questions:admin.${key}`);
  return (
    <>
      {/* the page's own heading, as every admin page has (the app bar's title is not one) */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {t('menu')}
      </Typography>
      <List
        title={t('menu')}
        actions={<Actions />}
        pagination={false}
        perPage={50}
        sort={{ field: 'position', order: 'ASC' }}
        filters={[<BooleanInput key="archived" source="archived" label={t('show_archived')} alwaysOn />]}
        empty={false}
      >
        <Datagrid bulkActionButtons={false} rowClick="edit" empty={<p>{t('empty')}</p>}>
          <TextField source="label" label={t('fields.label')} sortable={false} />
          <FunctionField<Question> label={t('fields.kind')} sortable={false} render={(q) => t(`kinds.${q.kind}`)} />
          <FunctionField<Question>
            label={t('fields.scope')}
            sortable={false}
            render={(q) => (q.scope === 'all' ? t('scopes.all') : `${t(`scopes.${q.scope}`)}: ${q.scopeValues.join(', ')}`)}
          />
          <FunctionField<Question>
            label={t('fields.recommend')}
            sortable={false}
            render={(q) => (q.recommend ? <Chip size="small" color="primary" label="✓" /> : null)}
          />
          <NumberField source="answerCount" label={t('fields.answers')} sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
