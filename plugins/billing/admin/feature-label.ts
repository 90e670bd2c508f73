// A declared plan feature's name for people: billing's locales know the shipped plugins' features;
// another plugin's feature shows its own name, split into words.
type Translate = (key: string, options?: Record<string, unknown>) => string;

export function featureLabel(translate: Translate, feature: string): string {
  const words = feature.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return translate(`billing:features.${feature}`, { _: words.charAt(0).toUpperCase() + words.slice(1) });
}
