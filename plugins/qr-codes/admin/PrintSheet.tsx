// What the printer gets: the card alone, at its real size. While a card dialog is open this sheet
// sits at the end of <body>; the print stylesheet hides everything else and sets the paper size.
import { createPortal } from 'react-dom';
import { CARD_SIZES, type CardSizeName } from './card-canvas';

const PAPER: Record<CardSizeName, { width: string; height: string }> = {
  a6: { width: '105mm', height: '148mm' },
  label: { width: '4in', height: '6in' },
};

export function PrintSheet({ image, size }: { image: string | null; size: CardSizeName }) {
  const paper = PAPER[size];
  const css = `@media screen{.qr-print{display:none}}
@media print{body>*:not(.qr-print){display:none!important}.qr-print{display:block;margin:0}
.qr-print img{display:block;width:${paper.width};height:${paper.height}}@page{size:${paper.width} ${paper.height};margin:0}}`;
  return createPortal(
    <div className="qr-print" data-size={size} data-pixels={`${CARD_SIZES[size].width}x${CARD_SIZES[size].height}`}>
      <style>{css}</style>
      {image && <img src={image} alt="" />}
    </div>,
    document.body,
  );
}
