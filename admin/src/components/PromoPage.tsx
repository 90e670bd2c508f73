import { Box, Button, Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';

export type PromoPageProps = {
  /** i18n key prefix holding title, intro, features.<key>, cta, e.g. 'partners:monetize' */
  prefix: string;
  features: string[];
  /** shown beside the heading, e.g. a 'soon' chip */
  badge?: ReactNode;
} /** where the cta button points */ & (
  | { href: string; action?: undefined }
  /** instead of the cta button, e.g. an in-app link back */
  | { href?: undefined; action: ReactNode }
);

/** A page that presents a companion app: what it does and where to get it. */
export function PromoPage({ prefix, features, href, badge, action }: PromoPageProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`${prefix}.${key}`);
  const heading = (
    <Typography variant="h5" component="h1">
      {t('title')}
    </Typography>
  );
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title={t('title')} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 1.5 }}>
          {badge ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {heading}
              {badge}
            </Box>
          ) : (
            heading
          )}
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
            {href === undefined ? (
              action
            ) : (
              <Button variant="contained" href={href} target="_blank" rel="noopener noreferrer">
                {t('cta')}
              </Button>
            )}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
