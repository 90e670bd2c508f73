// The group editor of create and edit: its name, how its products are chosen (by hand, searched in
// the store's catalogue, or every product with a tag, a SKU prefix or a metafield value), whether they share reviews, and
// whether they are one item in variants (structured data).
import { Chip, Stack, Typography } from '@mui/material';
import { BooleanInput, FormDataConsumer, RadioButtonGroupInput, required, SimpleForm, TextInput, useTranslate } from 'react-admin';
import type { ProductGroup } from '../shared/group';
import { ProductsInput } from './ProductsInput';

/** A rule group's products of the moment (the store decides them; saving finds them again). */
function RuleProducts({ products, label, none }: { products: ProductGroup['products']; label: string; none: string }) {
  return (
    <Stack spacing={0.5} sx={{ mb: 2, maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        {products.length ? products.map((p) => <Chip key={p.id} size="small" label={p.title || p.id} />) : <Typography variant="body2">{none}</Typography>}
      </Stack>
    </Stack>
  );
}

export function GroupForm() {
  const translate = useTranslate();
  const t = (key: string) => translate(`product-groups:admin.${key}`);
  const kinds = ['manual', 'tag', 'skuPrefix', 'metafield'].map((id) => ({ id, name: t(`kind.${id}`) }));
  return (
    <SimpleForm defaultValues={{ kind: 'manual', match: '', metafieldNamespace: '', metafieldKey: '', products: [], shareReviews: true, sameProduct: false }}>
      <TextInput source="name" label={t('fields.name')} validate={required()} slotProps={{ htmlInput: { maxLength: 100 } }} />
      <RadioButtonGroupInput source="kind" label={t('fields.kind')} choices={kinds} />
      <FormDataConsumer<ProductGroup>>
        {({ formData }) =>
          formData.kind === 'manual' ? (
            <ProductsInput source="products" label={t('fields.products')} helperText={t('fields.products_help')} noOptions={t('no_products')} />
          ) : (
            <>
              {formData.kind === 'metafield' ? (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                  <TextInput
                    source="metafieldNamespace"
                    label={t('fields.metafield_namespace')}
                    helperText={t('fields.metafield_namespace_help')}
                    validate={required()}
                    slotProps={{ htmlInput: { maxLength: 255 } }}
                  />
                  <TextInput
                    source="metafieldKey"
                    label={t('fields.metafield_key')}
                    helperText={t('fields.metafield_key_help')}
                    validate={required()}
                    slotProps={{ htmlInput: { maxLength: 64 } }}
                  />
                </Stack>
              ) : null}
              <TextInput
                source="match"
                label={t(`fields.match_${formData.kind}`)}
                helperText={t(`fields.match_${formData.kind}_help`)}
                validate={required()}
                slotProps={{ htmlInput: { maxLength: 255 } }}
              />
              <RuleProducts products={formData.products ?? []} label={t('fields.rule_products')} none={t('fields.rule_products_none')} />
            </>
          )
        }
      </FormDataConsumer>
      <BooleanInput source="shareReviews" label={t('fields.share_reviews')} helperText={t('fields.share_reviews_help')} />
      <FormDataConsumer<{ shareReviews: boolean }>>
        {({ formData }) =>
          formData.shareReviews ? <BooleanInput source="sameProduct" label={t('fields.same_product')} helperText={t('fields.same_product_help')} /> : null
        }
      </FormDataConsumer>
    </SimpleForm>
  );
}
