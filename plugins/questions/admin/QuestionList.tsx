// /questions: tabs All / Unanswered / Published / Unpublished, search, cursor paging (the kernel's
// data provider), bulk publish / unpublish / delete, and each question's way to its answer editor.
// What shoppers wrote is plain text rendered by React (escaped).
import { Box, Chip, Stack, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid,
  DateField,
  EditButton,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SimpleList,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { PAGE_SIZES, TABS, type Question } from '../shared/question';
import { BulkActions } from './BulkActions';
import { SettingsButton } from './SettingsDialog';

function TabBar() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const tab = (filterValues.tab as string) ?? 'all';
  return (
    <Tabs value={tab} onChange={(_, v) => setFilters({ ...filterValues, tab: v }, displayedFilters)} variant="scrollable" scrollButtons="auto" sx={{ px: 1 }}>
      {TABS.map((t) => (
        <Tab key={t} value={t} label={translate(`questions:tabs.${t}`)} data-testid={`tab-${t}`} />
      ))}
    </Tabs>
  );
}

function StatusChips({ record }: { record: Question }) {
  const translate = useTranslate();
  const answered = record.answers.some((a) => a.status === 'published');
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" label={translate(`questions:status.${record.status}`)} color={record.status === 'published' ? 'success' : 'default'} />
      <Chip
        size="small"
        variant="outlined"
        label={translate(answered ? 'questions:list.answered' : 'questions:list.unanswered')}
        color={answered ? 'primary' : 'warning'}
      />
      {record.heldAsSpam && <Chip size="small" variant="outlined" color="error" label={translate('questions:list.held_spam')} />}
    </Stack>
  );
}

function QuestionText({ record }: { record: Question }) {
  return (
    <Box sx={{ maxWidth: 480 }}>
      <Typography variant="body2" data-testid="question-body" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {record.body}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {record.productTitle ?? record.productId}
      </Typography>
    </Box>
  );
}

const Actions = () => (
  <TopToolbar>
    <SettingsButton />
  </TopToolbar>
);

export default function QuestionList() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      resource="questions"
      title={translate('questions:list.title')}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      filterDefaultValues={{ tab: 'all' }}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('questions:list.search')} />]}
      actions={<Actions />}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
      empty={false}
      sx={{ '& .RaList-main': { contain: 'inline-size' } }}
    >
      <TabBar />
      {small ? (
        <SimpleList<Question>
          primaryText={(r) => r.body}
          secondaryText={(r) => `${r.askerName} · ${r.productTitle ?? ''}`}
          tertiaryText={(r) => translate(`questions:status.${r.status}`)}
          linkType="edit"
          rowSx={() => ({ '& .MuiListItemText-primary': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } })}
        />
      ) : (
        <Datagrid bulkActionButtons={<BulkActions />} rowClick={false} empty={<Typography sx={{ p: 2 }}>{translate('questions:list.empty')}</Typography>}>
          <FunctionField label={translate('questions:list.question')} render={(r: Question) => <QuestionText record={r} />} />
          <TextField source="askerName" label={translate('questions:list.asker')} sortable={false} />
          <FunctionField label={translate('questions:list.status')} render={(r: Question) => <StatusChips record={r} />} />
          <DateField source="createdAt" label={translate('questions:list.created')} sortable={false} />
          <EditButton label={translate('questions:list.answer')} />
        </Datagrid>
      )}
    </List>
  );
}
