import {
  bySearchStanding,
  formatTimeOfDay,
  isVendorOpenAt,
  type Locale,
  type Point,
  parseLocalDateTime,
  searchTerms,
} from "@storefront/domain";
import type { SearchQuery, VendorsQuery } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { findPartner } from "../plugins/partner.ts";
import { type Answer, serializers } from "./answer-serializers.ts";
import type { AvailabilityClock } from "./availability.ts";
import { catalogueAt, loadMenu, loadProduct, popularProductsAt, type StoredMenu } from "./catalogue.ts";
import { catalogueTags as tags } from "./catalogue-tags.ts";
import { loadBanners, loadCategories } from "./categories.ts";
import { findContentPage, listContentPages } from "./content-pages.ts";
import { dishCardOf } from "./dish-cards.ts";
import type { ImageStore } from "./images.ts";
import {
  buildLocalityParams,
  chooseNearestLocality,
  findLocality,
  findLocalityById,
  type LocalityRow,
  listLocalities,
  toLocality,
} from "./localities.ts";
import type { Built, ReadCache } from "./read-cache.ts";
import { type FoundDish, searchLocality } from "./search-repository.ts";
import {
  findMatchingVendorIds,
  type ListedVendor,
  loadListedVendors,
  pageOfVendors,
  rankedVendors,
  summaryOfListed,
} from "./vendor-list.ts";
import { findVendorRow, loadVendorDetail, vendorContext } from "./vendors.ts";

/** Bytes the kept rows take, roughly (as JSON, measured on the demo's); not worth measuring each. */
const SIZES = { localityRow: 3_000, listedVendor: 1_100, menuProduct: 1_700 };

/** The most dishes and vendors a search answers with. */
const SEARCH_LIMITS = { dishes: 20, vendors: 10 };

/** Answers of a clock-free read hold at any time. */
const ANY_TIME = 0;

/**
 * Opening status, `working` and section availability are judged on the locality's wall clock to
 * the minute, so an answer that shows them holds for the minute it was built in. Every time zone in
 * use is a whole number of minutes from UTC, so UTC minutes are local minutes.
 */
function minuteOf(now: Date): number {
  return Math.floor(now.getTime() / 60_000);
}

/**
 * An answer for the cache, its size counting the Brotli and gzip forms it may come to hold (each
 * about a tenth of the JSON).
 */
function built(answer: Answer, answerTags: readonly string[]): Built<Answer> {
  return {
    value: answer,
    tags: answerTags,
    size: Math.ceil(answer.body.length * 1.2) + answer.etag.length + 100,
  };
}

/**
 * A query's parameters in one order, without those that change nothing in the answer. The preorder
 * time is written to the minute availability is judged at ("…T12:00", "…T12:00:00Z" and
 * "…T12:00:30" are one answer), so each time has one entry and no time shares another's.
 */
function queryKey(query: object, ignored: readonly string[] = []): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([name, value]) => !ignored.includes(name) && value !== undefined)
      .map(([name, value]) => [name, name === "preorderDateTime" ? preorderMinute(String(value)) : value])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

function preorderMinute(value: string): string {
  const parsed = parseLocalDateTime(value);
  // The query schema admits only real date-times; anything else keeps its own entry.
  return parsed ? `${parsed.date}T${formatTimeOfDay(parsed.moment.minutes)}` : value;
}

interface PointQuery {
  latitude?: number | undefined;
  longitude?: number | undefined;
  preorderDateTime?: string | undefined;
}

/**
 * The public catalogue's reads, each served from the read cache as a serialized answer keyed by
 * partner, locality or vendor, reader's language and parameters, and built on a miss from the
 * catalogue's repositories. Answers that show opening status are keyed by the minute too.
 */
export class CatalogueAnswers {
  private readonly serialize: ReturnType<typeof serializers>;

  constructor(
    private readonly db: Database,
    private readonly imageStore: ImageStore,
    private readonly cache: ReadCache,
    private readonly now: () => Date,
    private readonly options: {
      /** Check each answer against its response schema when built (tests); see answerOf. */
      checkAnswers?: boolean | undefined;
      /** Where the storefront's Firebase SDK signs in instead of Firebase (tests, local trials). */
      firebaseAuthEmulatorHost?: string | undefined;
    } = {},
  ) {
    this.serialize = serializers(options.checkAnswers ?? false);
  }

  localities(partnerId: number, reader: Locale | null): Promise<Answer> {
    return this.cache.read(`localities|${partnerId}|${reader}`, ANY_TIME, async () => {
      const rows = await listLocalities(this.db, partnerId);
      const answer = this.serialize.localities(rows.map((row) => toLocality(row, reader)));
      return built(answer, [tags.localitiesOf(partnerId), ...rows.map((row) => tags.locality(row.id))]);
    });
  }

  nearest(partnerId: number, point: Point | null, reader: Locale | null): Promise<Answer | null> {
    const key = `nearest|${partnerId}|${reader}|${point?.latitude},${point?.longitude}`;
    return this.cache.read(key, ANY_TIME, async () => {
      const [partner, rows] = await Promise.all([
        findPartner(this.db, partnerId),
        listLocalities(this.db, partnerId),
      ]);
      const nearest = chooseNearestLocality(rows, point, partner.defaultLocalityCode);
      const answerTags = [tags.partner(partnerId), tags.localitiesOf(partnerId)];
      if (!nearest) return { value: null, tags: answerTags, size: key.length };
      const answer = this.serialize.nearest({
        ...toLocality(nearest.row, reader),
        insideDeliveryZone: nearest.insideDeliveryZone,
        distanceKm: nearest.distanceKm,
      });
      return built(answer, [...answerTags, tags.locality(nearest.row.id)]);
    });
  }

  localityParams(partnerId: number, code: string, reader: Locale | null): Promise<Answer> {
    return this.cache.read(`params|${partnerId}|${code}|${reader}`, ANY_TIME, async () => {
      // The partner is read afresh: the request's copy may predate a theme change just announced.
      const [partner, locality] = await Promise.all([
        findPartner(this.db, partnerId),
        this.locality(partnerId, code),
      ]);
      const answer = this.serialize.params(
        buildLocalityParams(partner, locality, reader, {
          firebaseAuthEmulatorHost: this.options.firebaseAuthEmulatorHost,
          mediaAddress: this.imageStore.address,
        }),
      );
      return built(answer, [tags.partner(partnerId), tags.locality(locality.id)]);
    });
  }

  banners(partnerId: number, code: string, reader: Locale | null): Promise<Answer> {
    return this.cache.read(`banners|${partnerId}|${code}|${reader}`, ANY_TIME, async () => {
      const locality = await this.locality(partnerId, code);
      const answer = this.serialize.banners(await loadBanners(this.db, this.imageStore, locality, reader));
      return built(answer, [tags.locality(locality.id), tags.bannersIn(locality.id)]);
    });
  }

  categories(partnerId: number, code: string, reader: Locale | null): Promise<Answer> {
    return this.cache.read(`categories|${partnerId}|${code}|${reader}`, ANY_TIME, async () => {
      const locality = await this.locality(partnerId, code);
      const answer = this.serialize.categories(
        await loadCategories(this.db, this.imageStore, locality, reader),
      );
      return built(answer, [
        tags.locality(locality.id),
        tags.categoriesIn(locality.id),
        tags.vendorsIn(locality.id),
      ]);
    });
  }

  vendors(partnerId: number, code: string, query: VendorsQuery, reader: Locale | null): Promise<Answer> {
    const now = this.now();
    // The cart id is accepted for compatibility and changes nothing in the list: the storefront
    // sends the cart's preorder time itself, and the answer is keyed by that time.
    const key = `vendors|${partnerId}|${code}|${reader}|${queryKey(query, ["cartId"])}`;
    return this.cache.read(key, minuteOf(now), async () => {
      const locality = await this.locality(partnerId, code);
      const [listed, matching] = await Promise.all([
        this.listedVendors(locality),
        this.matchingVendorIds(locality, query),
      ]);
      const context = vendorContext(locality, query, reader, now);
      const answer = this.serialize.vendors(pageOfVendors(listed, matching, context, query));
      return built(answer, [
        tags.locality(locality.id),
        tags.vendorsIn(locality.id),
        tags.categoriesIn(locality.id),
      ]);
    });
  }

  vendor(partnerId: number, vendorId: number, query: PointQuery, reader: Locale | null): Promise<Answer> {
    const now = this.now();
    const key = `vendor|${partnerId}|${vendorId}|${reader}|${queryKey(query)}`;
    return this.cache.read(key, minuteOf(now), async () => {
      const { vendor, locality, sections } = await this.vendorWithMenu(partnerId, vendorId, reader);
      const context = vendorContext(locality, query, reader, now);
      const popular = popularProductsAt(sections, context.clock);
      const detail = await loadVendorDetail(this.db, this.imageStore, vendor, context, popular);
      return built(this.serialize.vendor(detail), [tags.vendor(vendor.id), tags.locality(locality.id)]);
    });
  }

  catalogue(partnerId: number, vendorId: number, query: PointQuery, reader: Locale | null): Promise<Answer> {
    const now = this.now();
    const key = `catalogue|${partnerId}|${vendorId}|${reader}|${queryKey(query)}`;
    return this.cache.read(key, minuteOf(now), async () => {
      const { vendor, locality, sections } = await this.vendorWithMenu(partnerId, vendorId, reader);
      const { clock } = vendorContext(locality, query, reader, now);
      const catalogue = catalogueAt(
        { vendorId: vendor.id, currencyCode: locality.currencyCode, sections },
        clock,
      );
      return built(this.serialize.catalogue(catalogue), [tags.vendor(vendor.id), tags.locality(locality.id)]);
    });
  }

  /**
   * Dishes and vendors for a typed query, ranked by how close they are to it, then open ones first,
   * then by rating. Keyed by the query's folded form: "Borščs" and "borscs" are one answer.
   */
  search(partnerId: number, code: string, query: SearchQuery, reader: Locale | null): Promise<Answer> {
    const now = this.now();
    const terms = searchTerms(query.q);
    const folded = terms.map(([word]) => word).join(" ");
    const key = `search|${partnerId}|${code}|${reader}|${queryKey({ ...query, q: folded })}`;
    return this.cache.read(key, minuteOf(now), async () => {
      const locality = await this.locality(partnerId, code);
      const listed = await this.listedVendors(locality);
      const context = vendorContext(locality, query, reader, now);
      // Whether each listed vendor is open, once: dishes as close to the query rank by it, then rating.
      const standings = listed.map((vendor) => ({
        id: vendor.row.id,
        relevance: 0,
        open: isVendorOpenAt(vendor.row, context.nowClock),
        rating: vendor.row.rating,
      }));
      const standingOf = new Map(standings.map((standing) => [standing.id, standing]));
      const vendorOrder = standings.toSorted(bySearchStanding).map((standing) => standing.id);
      const found = await searchLocality(this.db, {
        terms,
        localityId: locality.id,
        vendorOrder,
        dishLimit: SEARCH_LIMITS.dishes,
      });
      const relevance = new Map(found.vendors.map((match) => [match.vendorId, match.relevance]));
      // Ranked in the list's order, then by the search (a stable sort); only those shown are summed up.
      const vendors = rankedVendors(listed, new Set(relevance.keys()), context, {})
        .map((vendor) => ({
          vendor,
          open: standingOf.get(vendor.row.id)?.open ?? false,
          rating: vendor.row.rating,
          relevance: relevance.get(vendor.row.id) ?? 0,
        }))
        .sort(bySearchStanding)
        .slice(0, SEARCH_LIMITS.vendors)
        .map(({ vendor }) => summaryOfListed(vendor, context));
      const names = new Map(listed.map((vendor) => [vendor.row.id, vendor.row.name]));
      const answer = this.serialize.search({
        dishes: await this.dishCards(locality, found.dishes, names, { reader, clock: context.nowClock }),
        vendors,
      });
      const shownVendors = new Set([
        ...found.dishes.map((dish) => dish.vendorId),
        ...vendors.map((v) => v.id),
      ]);
      return built(answer, [
        tags.locality(locality.id),
        tags.vendorsIn(locality.id),
        tags.searchesIn(locality.id),
        ...[...shownVendors].map((id) => tags.vendor(id)),
      ]);
    });
  }

  /** The found dishes' cards, in their order. */
  private async dishCards(
    locality: LocalityRow,
    dishes: readonly FoundDish[],
    vendorNames: ReadonlyMap<number, string>,
    view: { reader: Locale | null; clock: AvailabilityClock },
  ) {
    const imageOf = await this.imageStore.load(dishes.map((dish) => dish.imageId));
    return dishes.map((dish) =>
      dishCardOf(
        {
          product: dish,
          vendor: { id: dish.vendorId, name: vendorNames.get(dish.vendorId) ?? "" },
          section: { workingHours: dish.workingHours },
        },
        locality,
        { ...view, imageOf },
      ),
    );
  }

  product(partnerId: number, productId: number, query: PointQuery, reader: Locale | null): Promise<Answer> {
    const now = this.now();
    const key = `product|${partnerId}|${productId}|${reader}|${queryKey(query)}`;
    return this.cache.read(key, minuteOf(now), async () => {
      const { product, localityId } = await loadProduct(this.db, this.imageStore, {
        partnerId,
        id: productId,
        reader,
        now,
        preorderDateTime: query.preorderDateTime,
      });
      return built(this.serialize.product(product), [
        tags.vendor(product.vendorId),
        tags.locality(localityId),
      ]);
    });
  }

  contentPages(partnerId: number, reader: Locale | null): Promise<Answer> {
    return this.cache.read(`pages|${partnerId}|${reader}`, ANY_TIME, async () => {
      const answer = this.serialize.contentPages(await listContentPages(this.db, partnerId, reader));
      return built(answer, [tags.contentPagesOf(partnerId)]);
    });
  }

  contentPage(partnerId: number, reference: string, reader: Locale | null): Promise<Answer> {
    return this.cache.read(`page|${partnerId}|${reader}|${reference}`, ANY_TIME, async () => {
      const answer = this.serialize.contentPage(await findContentPage(this.db, partnerId, reference, reader));
      return built(answer, [tags.contentPagesOf(partnerId)]);
    });
  }

  /** A locality by code, kept while its row is unchanged (most answers start from it). */
  private locality(partnerId: number, code: string): Promise<LocalityRow> {
    return this.cache.read(`locality|${partnerId}|${code}`, ANY_TIME, async () => {
      const row = await findLocality(this.db, partnerId, code);
      return { value: row, tags: [tags.locality(row.id)], size: SIZES.localityRow };
    });
  }

  /** A locality by id (a cart's), kept while its row is unchanged. */
  localityById(id: number): Promise<LocalityRow> {
    return this.cache.read(`locality-id|${id}`, ANY_TIME, async () => {
      const row = await findLocalityById(this.db, id);
      return { value: row, tags: [tags.locality(row.id)], size: SIZES.localityRow };
    });
  }

  /** The vendors a locality lists, kept until one of them changes. */
  private listedVendors(locality: LocalityRow): Promise<ListedVendor[]> {
    return this.cache.read(`listed|${locality.id}`, ANY_TIME, async () => {
      const listed = await loadListedVendors(this.db, this.imageStore, locality);
      return {
        value: listed,
        tags: [tags.locality(locality.id), tags.vendorsIn(locality.id)],
        size: SIZES.listedVendor * listed.length,
      };
    });
  }

  /** The vendors a search or category filter matches, kept until a vendor or category changes. */
  private matchingVendorIds(locality: LocalityRow, query: VendorsQuery): Promise<Set<number> | null> {
    const filters = { categories: query.categories, searchString: query.searchString?.toLowerCase() };
    return this.cache.read(`matching|${locality.id}|${queryKey(filters)}`, ANY_TIME, async () => {
      const ids = await findMatchingVendorIds(this.db, locality, filters);
      return {
        value: ids,
        tags: [tags.locality(locality.id), tags.vendorsIn(locality.id), tags.categoriesIn(locality.id)],
        size: 100 + (ids?.size ?? 0) * 10,
      };
    });
  }

  /** The partner's visible vendor, its locality and its menu in the reader's language. */
  private async vendorWithMenu(partnerId: number, vendorId: number, reader: Locale | null) {
    const vendor = await findVendorRow(this.db, partnerId, vendorId);
    const locality = await findLocalityById(this.db, vendor.localityId);
    const lang = locality.lang as Locale;
    const sections = await this.cache.read<StoredMenu>(
      `menu|${vendor.id}|${reader ?? lang}`,
      ANY_TIME,
      async () => {
        const menu = await loadMenu(this.db, this.imageStore, {
          vendorId: vendor.id,
          currencyCode: locality.currencyCode,
          lang,
          reader,
        });
        return {
          value: menu,
          tags: [tags.vendor(vendor.id), tags.locality(locality.id)],
          size: SIZES.menuProduct * menu.reduce((count, section) => count + section.products.length, 0),
        };
      },
    );
    return { vendor, locality, sections };
  }
}
