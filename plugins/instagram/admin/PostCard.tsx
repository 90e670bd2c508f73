// One synced post in the grid: our copy of its picture, its kind (video, carousel), caption, the
// shown/hidden switch and its tagged products.
import { Box, Card, CardActions, CardContent, Chip, FormControlLabel, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { useTranslate } from 'react-admin';
import type { PostView } from '../shared/instagram';

interface Props {
  post: PostView;
  onToggle(shown: boolean): void;
  onTag(): void;
}

export function PostCard({ post, onToggle, onTag }: Props) {
  const translate = useTranslate();
  const picture = post.pictures[0];
  const kind = post.mediaType === 'VIDEO' ? 'instagram:post.video' : post.mediaType === 'CAROUSEL_ALBUM' ? 'instagram:post.carousel' : null;
  return (
    <Card variant="outlined" data-post={post.mediaId} sx={{ display: 'flex', flexDirection: 'column', opacity: post.hidden ? 0.55 : 1 }}>
      <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: 'grey.100' }}>
        {picture && (
          <Box
            component="img"
            src={picture.variants[Math.min(1, picture.variants.length - 1)].url}
            alt={post.caption ?? ''}
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
        {kind && <Chip size="small" label={translate(kind)} sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'rgba(255,255,255,0.9)' }} />}
      </Box>
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', minHeight: '2.8em' }}>
          {post.caption}
        </Typography>
        {post.products.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
            {post.products.map((p) => (
              <Chip key={p.id} size="small" variant="outlined" icon={<LocalOfferIcon />} label={p.title} />
            ))}
          </Stack>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', pt: 0, gap: 0.5 }}>
        <FormControlLabel
          control={<Switch size="small" checked={!post.hidden} onChange={(e) => onToggle(e.target.checked)} />}
          label={translate('instagram:post.shown')}
          sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
        />
        <Box sx={{ display: 'flex', flexShrink: 0 }}>
          <Tooltip title={translate('instagram:post.tag')}>
            <IconButton size="small" aria-label={translate('instagram:post.tag')} onClick={onTag}>
              <LocalOfferIcon />
            </IconButton>
          </Tooltip>
          {post.permalink && (
            <Tooltip title={translate('instagram:post.open')}>
              <IconButton
                size="small"
                aria-label={translate('instagram:post.open')}
                component="a"
                href={post.permalink}
                target="_blank"
                rel="noopener noreferrer"
              >
                <OpenInNewIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      </CardActions>
    </Card>
  );
}
