/**
 * The app bar's title: the brand and the section ('Fulcrum · Opportunity Admin'), the section
 * alone when it already names the brand (a carrier's 'Fulcrum Marketplace', not 'Fulcrum · Fulcrum
 * Marketplace'), and on a phone the brand alone: the page's heading names the section there, and
 * the bar's room goes to the live pill and the account button.
 */
export const appBarTitle = (brand: string, section: string, phone: boolean): string => {
  if (section.toLowerCase().includes(brand.toLowerCase())) return section;
  return phone ? brand : `${brand} · ${section}`;
};
