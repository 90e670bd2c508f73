// /display-settings/instagram-feed: the route exists (spec section 2) but the widget does not yet;
// the shell's PromoPage says what it will do, with a 'soon' chip and a way back instead of a store link.
import { Button, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PromoPage } from '@plaudit/kernel/admin';

const FEATURES = ['photos', 'shoppable', 'layout'];

export default function InstagramFeedPage() {
  const translate = useTranslate();
  return (
    <PromoPage
      prefix="widgets:instagram"
      features={FEATURES}
      badge={<Chip size="small" label={translate('widgets:instagram.soon')} />}
      action={
        <Button variant="contained" component={Link} to="/display-settings">
          {translate('widgets:instagram.back')}
        </Button>
      }
    />
  );
}
