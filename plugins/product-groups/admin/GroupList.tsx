// /product-groups: the shop's groups (at most 200: one page) with their products and whether they
// share reviews.
import { Chip, Stack, Typography } from '@mui/material';
import { CreateButton, Datagrid, FunctionField, List, TopToolbar, useTranslate } from 'react-admin';
import type { ProductGroup } from '../shared/group';
import { GroupCsvButtons } from './GroupCsv';

function Actions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <GroupCsvButtons />
      <CreateButton />
    </TopToolbar>
  );
}

export default function GroupList() {
  const translate = useTranslate();
  const t = (key: string) => translate(`product-groups:admin.${key}`);
  return (
    <>
      {/* the page's own heading, as every admin page has (the app bar's title is not one) */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {t('menu')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('intro')}
      </Typography>
      <List title={t('menu')} actions={<Actions />} pagination={false} perPage={200} empty={false}>
        <Datagrid bulkActionButtons={false} rowClick="edit" empty={<p>{t('empty')}</p>}>
          {/* the name, and under it how the products are chosen (one column: the list fits a phone) */}
          <FunctionField<ProductGroup>
            label={t('fields.name')}
            sortable={false}
            render={(g) => (
              <>
                {g.name}
                <Typography variant="caption" color="text.secondary" component="div">
                  {g.kind === 'manual'
                    ? t('kind.manual')
                    : `${t(`kind.${g.kind}`)}: ${g.kind === 'metafield' ? `${g.metafieldNamespace}.${g.metafieldKey} = ` : ''}${g.match}`}
                </Typography>
              </>
            )}
          />
          <FunctionField<ProductGroup>
            label={t('fields.products')}
            sortable={false}
            render={(g) => (
              <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                {g.products.map((p) => (
                  <Chip key={p.id} size="small" label={p.title || p.id} />
                ))}
              </Stack>
            )}
          />
          <FunctionField<ProductGroup>
            label={t('fields.sharing')}
            sortable={false}
            render={(g) => t(g.shareReviews ? (g.sameProduct ? 'sharing.same' : 'sharing.related') : 'sharing.off')}
          />
        </Datagrid>
      </List>
    </>
  );
}
