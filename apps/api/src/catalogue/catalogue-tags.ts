import { EVERYTHING } from "./read-cache.ts";

/**
 * The names of what a cached catalogue read was built from. A read carries the tags of every row it
 * read; a write announces the tags of what it changed, so exactly the reads that showed it go.
 */
export const catalogueTags = {
  /** The partner's row: its settings and theme (locality params), its default locality. */
  partner: (partnerId: number) => `partner:${partnerId}`,
  /** Which localities a partner has (the list, the nearest one). */
  localitiesOf: (partnerId: number) => `localities:${partnerId}`,
  /** A locality's row: names, currency, time zone, params, delivery pricing. */
  locality: (localityId: number) => `locality:${localityId}`,
  /** Which vendors a locality lists and what the list shows of them (rating, hours, fees, links). */
  vendorsIn: (localityId: number) => `vendors:${localityId}`,
  categoriesIn: (localityId: number) => `categories:${localityId}`,
  bannersIn: (localityId: number) => `banners:${localityId}`,
  /** A vendor's row and its menu: sections, products, option groups and options. */
  vendor: (vendorId: number) => `vendor:${vendorId}`,
  contentPagesOf: (partnerId: number) => `pages:${partnerId}`,
  /**
   * A locality's search answers, beside the tags of what they show. No write announces it: the
   * search bench drops them alone, so each search is made in the database while the rows every
   * answer starts from stay cached, as on a live server.
   */
  searchesIn: (localityId: number) => `searches:${localityId}`,
  /** Which host names serve which partner (partners/partner-hosts.ts). */
  hosts: () => "hosts",
};

/** The tags each kind of write touches: what a writer announces after it commits. */
export const catalogueChanges = {
  /**
   * A vendor's menu (a product's price, discount or stock, a section shown or hidden): its menu,
   * detail and products, not the lists (they show no product).
   */
  menu: (vendorId: number) => [catalogueTags.vendor(vendorId)],
  /**
   * A vendor's menu whose names changed (a product or section added, renamed, moved): also the lists
   * of its locality, whose search finds vendors by their products' names.
   */
  menuNames: (vendor: { id: number; localityId: number }) => [
    catalogueTags.vendor(vendor.id),
    catalogueTags.vendorsIn(vendor.localityId),
  ],
  /** A vendor's rating: its own answers and the lists of its locality (shown and sorted there). */
  vendorRating: (vendor: { id: number; localityId: number }) => [
    catalogueTags.vendor(vendor.id),
    catalogueTags.vendorsIn(vendor.localityId),
  ],
  /** A vendor shown or hidden: also the category counts of its locality. */
  vendorListing: (vendor: { id: number; localityId: number }) => [
    catalogueTags.vendor(vendor.id),
    catalogueTags.vendorsIn(vendor.localityId),
    catalogueTags.categoriesIn(vendor.localityId),
  ],
  /** A locality's row: everything shown in it, and the partner's list of localities. */
  locality: (locality: { id: number; partnerId: number }) => [
    catalogueTags.locality(locality.id),
    catalogueTags.localitiesOf(locality.partnerId),
  ],
  /** A partner's settings (theme, contacts, default locality). */
  partner: (partnerId: number) => [catalogueTags.partner(partnerId)],
  /** A city's categories (their names, icons and order), and the vendor lists filtered by them. */
  categories: (localityId: number) => [
    catalogueTags.categoriesIn(localityId),
    catalogueTags.vendorsIn(localityId),
  ],
  /** A city's home-page banners. */
  banners: (localityId: number) => [catalogueTags.bannersIn(localityId)],
  /** A partner's content pages (the list, each page). */
  contentPages: (partnerId: number) => [catalogueTags.contentPagesOf(partnerId)],
  /** A host recorded or removed, or a partner made with its own: every process reads the hosts again. */
  hosts: () => [catalogueTags.hosts()],
  /** A bulk load such as the demo seed. */
  everything: () => [EVERYTHING],
};
