// /display-settings/instagram-feed: the route exists (spec section 2) but the widget does not yet;
// the page says what it will do, laid out like the shell's PromoPage.
import { Box, Button, Card, CardContent, Chip, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

const FEATURES = ['photos', 'shoppable', 'layout'];

export default function InstagramFeedPage() {
  const translate = useTranslate();
  const t = (key: string) => translate(`widgets:instagram.${key}`);
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title={t('title')} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="h5" component="h1">{t('title')}</Typography>
            <Chip size="small" label={t('soon')} />
          </Box>
          <Typography color="text.secondary">{t('intro')}</Typography>
          <List dense>
            {FEATURES.map((f) => (
              <ListItem key={f} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <CheckIcon color="success" fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={t(`features.${f}`)} />
              </ListItem>
            ))}
          </List>
          <Box>
            <Button variant="contained" component={Link} to="/display-settings">{t('back')}</Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
