import { useEffect, useState } from 'react';
import { Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiJson, httpClient } from '@plaudit/kernel/admin';

interface Mail {
  id: string;
  receivedAt: string;
  to?: string;
  subject?: string;
}

/** The messages the local SMTP sink received for this shop; the raw message opens on demand. */
export function MailViewer() {
  const translate = useTranslate();
  const [mail, setMail] = useState<Mail[]>([]);
  const [raw, setRaw] = useState<string | null>(null);
  const load = () =>
    apiJson<{ data: Mail[] }>('/dev_zone/mail').then(
      (r) => setMail(r.data),
      () => setMail([]),
    );
  useEffect(() => {
    load();
  }, []);
  const open = async (id: string) => setRaw((await httpClient(`/api/dev_zone/mail/${id}`)).body);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('dev-zone:mail.title')}
        </Typography>
        <Button size="small" onClick={load}>
          {translate('ra.action.refresh')}
        </Button>
        {mail.length === 0 ? (
          <Typography color="text.secondary">{translate('dev-zone:mail.empty')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('dev-zone:mail.received')}</TableCell>
                <TableCell>{translate('dev-zone:mail.to')}</TableCell>
                <TableCell>{translate('dev-zone:mail.subject')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {mail.map((m) => (
                <TableRow key={m.id} hover onClick={() => open(m.id)} sx={{ cursor: 'pointer' }}>
                  <TableCell>{new Date(m.receivedAt).toLocaleString()}</TableCell>
                  <TableCell>{m.to}</TableCell>
                  <TableCell>{m.subject}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {raw !== null && (
          <pre aria-label={translate('dev-zone:mail.raw')} style={{ whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto', fontSize: 12 }}>
            {raw}
          </pre>
        )}
      </CardContent>
    </Card>
  );
}
