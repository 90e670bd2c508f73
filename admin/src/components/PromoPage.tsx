import { Box, Button, Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { Title, useTranslate } from 'react-admin';

export interface PromoPageProps {
  /** i18n key prefix holding title, intro, features.<key>, cta, e.g. 'partners:monetize' */
  prefix: string;
  features: string[];
  href: string;
}

/** A page that presents a companion app: what it does and where to get it. */
export function PromoPage({ prefix, features, href }: PromoPageProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`${prefix}.${key}`);
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title={t('title')} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="h5" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('intro')}</Typography>
          <List dense>
            {features.map((f) => (
              <ListItem key={f} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <CheckIcon color="success" fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={t(`features.${f}`)} />
              </ListItem>
            ))}
          </List>
          <Box>
            <Button variant="contained" href={href} target="_blank" rel="noopener noreferrer">
              {t('cta')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
