// The code as a PNG at print resolution: the `qrcode` package lays out the modules (as SVG) and sharp
// (libvips) rasterises them, each module a whole number of pixels so printed edges stay sharp.
// (qrcode's own PNG writer is pure JavaScript: ~30 times slower for the same image.)
// Both are loaded with the first code: sharp (libvips) is about 25 MB resident that an idle process need not hold.
import { QR_OPTIONS } from '../shared/card';

export async function qrPng(text: string, dark: string): Promise<string> {
  const [{ default: QRCode }, { default: sharp }] = await Promise.all([import('qrcode'), import('sharp')]);
  const modules = QRCode.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel }).modules.size + 2 * QR_OPTIONS.margin;
  const width = Math.ceil(QR_OPTIONS.width / modules) * modules;
  const svg = await QRCode.toString(text, { ...QR_OPTIONS, width, type: 'svg', color: { dark, light: '#ffffff' } });
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
