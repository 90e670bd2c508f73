import { Typography } from '@mui/material';
import { Edit, useTranslate } from 'react-admin';
import { GroupForm } from './GroupForm';

// Pessimistic: the server's refusals (a product already in another group) show before leaving.
export default function GroupEdit() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('product-groups:admin.edit')}
      </Typography>
      <Edit title={translate('product-groups:admin.edit')} mutationMode="pessimistic" redirect="list">
        <GroupForm />
      </Edit>
    </>
  );
}
