// The card's fonts, self-hosted from the @fontsource packages and loaded only when chosen (Vite
// splits each into its own CSS and font files). 'Theme fonts' and the licensed VNM fonts use the
// system stack (the VNM files are the shop's, not ours).
const SYSTEM = '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const LOADERS: Record<string, () => Promise<unknown>> = {
  Inter: () => Promise.all([import('@fontsource/inter/400.css'), import('@fontsource/inter/700.css')]),
  'Noto Sans': () => Promise.all([import('@fontsource/noto-sans/400.css'), import('@fontsource/noto-sans/700.css')]),
  'Open Sans': () => Promise.all([import('@fontsource/open-sans/400.css'), import('@fontsource/open-sans/700.css')]),
  Montserrat: () => Promise.all([import('@fontsource/montserrat/400.css'), import('@fontsource/montserrat/700.css')]),
  Roboto: () => Promise.all([import('@fontsource/roboto/400.css'), import('@fontsource/roboto/700.css')]),
  'Playfair Display': () => Promise.all([import('@fontsource/playfair-display/400.css'), import('@fontsource/playfair-display/700.css')]),
  Raleway: () => Promise.all([import('@fontsource/raleway/400.css'), import('@fontsource/raleway/700.css')]),
  Lora: () => Promise.all([import('@fontsource/lora/400.css'), import('@fontsource/lora/700.css')]),
  Dosis: () => Promise.all([import('@fontsource/dosis/400.css'), import('@fontsource/dosis/700.css')]),
  Lato: () => Promise.all([import('@fontsource/lato/400.css'), import('@fontsource/lato/700.css')]),
};

/** The CSS font-family list a card is drawn with. */
export function fontStack(family: string): string {
  return LOADERS[family] ? `"${family}", ${SYSTEM}` : family === 'Theme fonts' ? SYSTEM : `"${family}", ${SYSTEM}`;
}

const loaded = new Map<string, Promise<void>>();

/** Resolves when the family's regular and bold faces are ready to draw (at once for system fonts). */
export function loadFont(family: string): Promise<void> {
  const loader = LOADERS[family];
  if (!loader) return Promise.resolve();
  let ready = loaded.get(family);
  if (!ready) {
    ready = loader()
      .then(() => Promise.all([document.fonts.load(`400 32px "${family}"`), document.fonts.load(`700 32px "${family}"`)]))
      .then(() => undefined);
    loaded.set(family, ready);
  }
  return ready;
}
