import { Rating } from '@mui/material';

export function Stars({ value }: { value: number }) {
  return <Rating value={value} readOnly size="small" />;
}
