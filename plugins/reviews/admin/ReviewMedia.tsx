// A review's photos and video in the moderation list, so a merchant judges what would be published:
// thumbnails (a photo's smallest rendition, a video's poster); a click opens the item full size, a
// video in its player with its caption track. A video without a poster (an imported link) shows a
// play sign on a plain tile.
import { useState } from 'react';
import { Box, ButtonBase, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslate } from 'react-admin';
import type { MediaItem } from '../shared/review';

const THUMB = 44;

const thumbnailOf = (m: MediaItem) => (m.type === 'video' ? m.poster : (m.variants?.[0]?.url ?? m.url));

export function ReviewMedia({ media }: { media: MediaItem[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<number | null>(null);
  if (media.length === 0) return null;
  const label = (m: MediaItem, i: number) => (m.type === 'video' ? translate('reviews:list.video') : translate('reviews:list.photo', { n: i + 1 }));
  const shown = open === null ? null : media[open];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }} data-testid="review-media">
      {media.map((m, i) => (
        <ButtonBase
          key={m.url}
          onClick={() => setOpen(i)}
          aria-label={label(m, i)}
          sx={{ position: 'relative', width: THUMB, height: THUMB, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.300' }}
        >
          {thumbnailOf(m) && <img src={thumbnailOf(m)} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
          {m.type === 'video' && <PlayArrowIcon sx={{ position: 'absolute', color: 'common.white', filter: 'drop-shadow(0 0 2px rgba(0,0,0,.8))' }} />}
        </ButtonBase>
      ))}
      <Dialog open={!!shown} onClose={() => setOpen(null)} maxWidth="md" aria-labelledby="review-media-title">
        {shown && (
          <>
            <DialogTitle id="review-media-title" sx={{ pr: 6 }}>
              {label(shown, open!)}
              <IconButton aria-label={translate('reviews:list.close')} onClick={() => setOpen(null)} sx={{ position: 'absolute', right: 8, top: 8 }}>
                <CloseIcon />
              </IconButton>
            </DialogTitle>
            <DialogContent>
              {shown.type === 'video' ? (
                <video
                  src={shown.url}
                  poster={shown.poster}
                  controls
                  playsInline
                  preload="metadata"
                  style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh' }}
                >
                  {shown.captions && <track kind="captions" src={shown.captions} default label={shown.caption ?? ''} />}
                </video>
              ) : (
                <img src={shown.url} alt="" style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh' }} />
              )}
            </DialogContent>
          </>
        )}
      </Dialog>
    </Box>
  );
}
