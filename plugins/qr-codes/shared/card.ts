// The printable QR card's settings (spec sections 3 and 5): the preset it started from, its texts,
// font and colours. One schema for the API (settings namespace 'qr-codes') and the editor.
import { z } from 'zod';

export const PRESETS = ['basic', 'colorful', 'adorable', 'modern'] as const;
export type Preset = (typeof PRESETS)[number];

/** The spec's font list; 'Theme fonts' is the system stack (a card is printed, not shown on the shop). */
export const FONTS = [
  'Theme fonts',
  'Inter',
  'Noto Sans',
  'Open Sans',
  'Montserrat',
  'Roboto',
  'Playfair Display',
  'Raleway',
  'Lora',
  'Dosis',
  'Lato',
] as const;
/** Licensed per shop (the shop flag hasVNMFonts); without the font files they print in the theme stack. */
export const VNM_FONTS = ['VNM Standard', 'VNM Display', 'Bradford'] as const;

/**
 * Error correction H (30 % of the code words can be lost): the URL is short (`<app>/q/<8 letters>`,
 * up to 42 bytes fits version 4, 33 modules), so even at H each module is over 2 mm on an A6 card,
 * and a scuffed corner, a fold or a logo sticker on a printed card still scans. The 4-module quiet
 * zone is the standard's minimum; 1024 px is over 300 dpi at the card's 6.4 cm tile.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'H', margin: 4, width: 1024 } as const;

export const TITLE_MAX = 20;
export const DESCRIPTION_MAX = 110;

const HEX = /^#[0-9a-f]{6}$/i;
/** `linear-gradient(135deg, #ff9a8b, #ff6a88)`: an angle 0 to 360 and two colours */
const GRADIENT = /^linear-gradient\((\d{1,3})deg, ?(#[0-9a-f]{6}), ?(#[0-9a-f]{6})\)$/i;

export type Paint = { kind: 'solid'; color: string } | { kind: 'gradient'; angle: number; from: string; to: string };

/** A colour value as the editor and the canvas use it; undefined when it is neither form. */
export function parsePaint(value: string): Paint | undefined {
  if (HEX.test(value)) return { kind: 'solid', color: value };
  const m = GRADIENT.exec(value);
  if (!m || Number(m[1]) > 360) return undefined;
  return { kind: 'gradient', angle: Number(m[1]), from: m[2], to: m[3] };
}

export function paintValue(p: Paint): string {
  return p.kind === 'solid' ? p.color : `linear-gradient(${p.angle}deg, ${p.from}, ${p.to})`;
}

const INVALID_COLOUR = 'The value is invalid';
const paint = z
  .string()
  .trim()
  .max(64)
  .refine((v) => !!parsePaint(v), INVALID_COLOUR);
const hex = z.string().trim().regex(HEX, INVALID_COLOUR);

export const cardSettings = z
  .object({
    name: z.enum(PRESETS),
    title: z.string().trim().max(TITLE_MAX, `At most ${TITLE_MAX} characters`),
    description: z.string().trim().max(DESCRIPTION_MAX, `At most ${DESCRIPTION_MAX} characters`),
    titleColor: paint,
    descriptionColor: paint,
    fontFamily: z.enum([...FONTS, ...VNM_FONTS]),
    background: paint,
    /** the code's own colour: dark on the card's white tile, so any phone reads it */
    qrCode: hex,
  })
  .strict();
export type CardSettings = z.infer<typeof cardSettings>;

/** Colours of each preset; choosing one in the editor sets them (texts and font stay). */
export const PRESET_COLOURS: Record<Preset, Pick<CardSettings, 'titleColor' | 'descriptionColor' | 'background' | 'qrCode'>> = {
  basic: { background: '#ffffff', titleColor: '#202223', descriptionColor: '#4a4a4a', qrCode: '#000000' },
  colorful: { background: 'linear-gradient(135deg, #ff7a59, #7b2ff7)', titleColor: '#ffffff', descriptionColor: '#fff4e6', qrCode: '#1a1a2e' },
  adorable: { background: 'linear-gradient(180deg, #ffe3ec, #e3f6f5)', titleColor: '#d6336c', descriptionColor: '#6b4f5a', qrCode: '#5a1f3c' },
  modern: { background: '#111827', titleColor: 'linear-gradient(90deg, #34d399, #60a5fa)', descriptionColor: '#d1d5db', qrCode: '#111827' },
};

export const CARD_DEFAULTS: CardSettings = {
  name: 'colorful',
  title: 'Scan me to REVIEW',
  description: 'Loved it? Point your phone camera at the code and tell us in a minute.',
  fontFamily: 'Montserrat',
  ...PRESET_COLOURS.colorful,
};

/** The fonts a shop may choose. */
export function fontsFor(hasVNMFonts: boolean): readonly string[] {
  return hasVNMFonts ? [...FONTS, ...VNM_FONTS] : FONTS;
}

/** Product titles in the list are shortened to 24 characters (spec section 9). */
export function shortTitle(title: string, max = 24): string {
  return title.length > max ? `${title.slice(0, max - 1)}…` : title;
}
