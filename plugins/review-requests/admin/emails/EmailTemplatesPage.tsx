import { useEffect, useState } from 'react';
import { Box, Button, Card, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { TEST_EMAIL_DAILY_LIMIT } from '../../shared/email-settings';
import type { TemplateListItem } from '../../shared/templates';
import { emailsApi } from './emails-api';
import { templateLabel } from './template-label';

/** /collect-reviews/emails: every email the app sends customers, each opening its editor. */
export default function EmailTemplatesPage() {
  const translate = useTranslate();
  const [list, setList] = useState<{ data: TemplateListItem[]; testEmailsLeft: number } | null>(null);
  useEffect(() => {
    emailsApi.templates().then(setList);
  }, []);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('review-requests:emails.title')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('review-requests:emails.title')}
        </Typography>
        <Button component={Link} to="/collect-reviews/emails/grid">
          {translate('review-requests:emails.grid.title')}
        </Button>
        <Button component={Link} to="/collect-reviews/email-notifications">
          {translate('review-requests:emails.notifications.title')}
        </Button>
        <Button component={Link} to="/settings/email">
          {translate('review-requests:emails.settings.title')}
        </Button>
      </Stack>
      <Card>
        <Table>
          <TableHead>
            <TableRow>
              <TableCell>{translate('review-requests:emails.column.email')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{translate('review-requests:emails.column.subject')}</TableCell>
              <TableCell>{translate('review-requests:emails.column.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list?.data.map((t) => (
              <TableRow key={t.type} hover>
                <TableCell>
                  <Typography sx={{ fontWeight: 600 }}>{templateLabel(translate, t, 'name')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {templateLabel(translate, t, 'description')}
                  </Typography>
                </TableCell>
                <TableCell
                  sx={{
                    display: { xs: 'none', md: 'table-cell' },
                    fontFamily: 'ui-monospace, monospace',
                    fontSize: 13,
                    maxWidth: 320,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {t.subject}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Chip
                      size="small"
                      color={t.enabled ? 'success' : 'default'}
                      label={translate(t.enabled ? 'review-requests:emails.on' : 'review-requests:emails.off')}
                    />
                    {t.customised && <Chip size="small" variant="outlined" label={translate('review-requests:emails.customised')} />}
                  </Stack>
                </TableCell>
                <TableCell align="right">
                  <Button
                    component={Link}
                    to={`/collect-reviews/emails/${t.id}`}
                    aria-label={`${translate('ra.action.edit')} ${templateLabel(translate, t, 'name')}`}
                  >
                    {translate('ra.action.edit')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      {list && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('review-requests:emails.test.left', { left: list.testEmailsLeft, limit: TEST_EMAIL_DAILY_LIMIT })}
        </Typography>
      )}
    </Box>
  );
}
