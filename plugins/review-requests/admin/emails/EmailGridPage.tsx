import { useEffect, useState } from 'react';
import { Box, Card, Switch, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { TemplateListItem } from '../../shared/templates';
import { emailsApi, type NotificationSettings } from './emails-api';
import { SubpageHeading } from './SubpageHeading';
import { templateLabel } from './template-label';

type ShopFlag = 'enabledEmailNewReview' | 'enabledEmailNegativeReview';
const SHOP_ROWS: { flag: ShopFlag; key: string }[] = [
  { flag: 'enabledEmailNewReview', key: 'new_review' },
  { flag: 'enabledEmailNegativeReview', key: 'negative_review' },
];

/** /collect-reviews/emails/grid: which emails go out, switched on and off in one place. */
export default function EmailGridPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [templates, setTemplates] = useState<TemplateListItem[] | null>(null);
  const [shop, setShop] = useState<NotificationSettings | null>(null);
  useEffect(() => {
    emailsApi.templates().then((r) => setTemplates(r.data));
    emailsApi.notifications().then(setShop, () => setShop(null));
  }, []);

  const toggleTemplate = async (t: TemplateListItem, enabled: boolean) => {
    try {
      await emailsApi.saveTemplate(t.id, { enabled });
      setTemplates((list) => list!.map((x) => (x.type === t.type ? { ...x, enabled } : x)));
      notify('plaudit.saved', { type: 'success' });
    } catch {
      notify('plaudit.save_failed', { type: 'error' });
    }
  };
  const toggleShop = async (flag: ShopFlag, enabled: boolean) => {
    try {
      setShop(await emailsApi.saveNotifications({ [flag]: enabled }));
      notify('plaudit.saved', { type: 'success' });
    } catch {
      notify('plaudit.save_failed', { type: 'error' });
    }
  };
  const row = (key: string, name: string, recipient: string, control: React.ReactNode) => (
    <TableRow key={key}>
      <TableCell>{name}</TableCell>
      <TableCell>{recipient}</TableCell>
      <TableCell align="right">{control}</TableCell>
    </TableRow>
  );

  return (
    <Box sx={{ py: 2 }}>
      <SubpageHeading title={translate('review-requests:emails.grid.title')} />
      <Card>
        <Table>
          <TableHead>
            <TableRow>
              <TableCell>{translate('review-requests:emails.column.email')}</TableCell>
              <TableCell>{translate('review-requests:emails.column.recipient')}</TableCell>
              <TableCell align="right">{translate('review-requests:emails.column.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {templates?.map((t) => {
              const name = templateLabel(translate, t, 'name');
              const toggle = (
                <Switch
                  checked={t.enabled}
                  disabled={!t.allowed}
                  onChange={(e) => toggleTemplate(t, e.target.checked)}
                  slotProps={{ input: { 'aria-label': name } }}
                />
              );
              return row(
                t.type,
                name,
                translate('review-requests:emails.grid.customer'),
                t.allowed ? (
                  toggle
                ) : (
                  <Tooltip title={translate('review-requests:emails.editor.upgrade')}>
                    <span>{toggle}</span>
                  </Tooltip>
                ),
              );
            })}
            {shop &&
              SHOP_ROWS.map((r) => {
                const name = translate(`review-requests:emails.notifications.${r.key}`);
                return row(
                  r.key,
                  name,
                  translate('review-requests:emails.grid.store'),
                  <Switch checked={shop[r.flag]} onChange={(e) => toggleShop(r.flag, e.target.checked)} slotProps={{ input: { 'aria-label': name } }} />,
                );
              })}
          </TableBody>
        </Table>
      </Card>
    </Box>
  );
}
