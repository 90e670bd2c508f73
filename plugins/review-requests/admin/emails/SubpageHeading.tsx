import { Box, Button, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The heading of a page under /collect-reviews/emails: a way back, then the page's title. */
export function SubpageHeading({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Button component={Link} to="/collect-reviews/emails">
          {translate('review-requests:emails.back')}
        </Button>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
      </Box>
    </>
  );
}
