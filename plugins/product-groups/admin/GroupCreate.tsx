import { Typography } from '@mui/material';
import { Create, useTranslate } from 'react-admin';
import { GroupForm } from './GroupForm';

export default function GroupCreate() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('product-groups:admin.create')}
      </Typography>
      <Create title={translate('product-groups:admin.create')} redirect="list">
        <GroupForm />
      </Create>
    </>
  );
}
