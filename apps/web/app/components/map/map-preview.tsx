import { type FocusEvent, useEffect, useRef, useState } from "react";
import { fittedView, placeInView, TILE_SIZE, tileAddress, type ViewSize, viewTiles } from "./map-view.ts";
import {
  COURIER_MARK,
  HOME_MARK,
  markMarkup,
  ORDER_MAP_FIT,
  type OrderMapProps,
  TILE_CREDIT,
  VENDOR_MARK,
} from "./order-map-marks.ts";

/** What woke the map: a pointer (touch, mouse, pen) or the keyboard's focus; and a zoom asked for. */
export interface MapWaking {
  by: "pointer" | "focus";
  zoomBy: number;
}

/**
 * Hides a tile that could not load (the tile server down, the phone offline): the map keeps its
 * ground instead of the browser's broken-picture mark. Checked as the tile is mounted too, for one
 * that failed before the page's scripts ran.
 */
function hideIfBroken(tile: HTMLImageElement | null) {
  if (tile?.complete && tile.naturalWidth === 0) tile.style.visibility = "hidden";
}

/**
 * The order map's first view, drawn without Leaflet: the tiles, the marks and the controls where
 * Leaflet puts them, at the view its `fitBounds` would choose (map-view.ts). A page that is only
 * watched never loads the map's library (44 kB of script, and a phone's longest tasks on this page);
 * the first touch, hover, wheel or focus on the map asks for it (`onWake`), with the zoom of a zoom
 * button pressed meanwhile. Once Leaflet's map lies over it (`covered`), this view is out of reach of
 * presses, the keyboard and screen readers, and shows only until the live map's tiles are drawn.
 */
export function MapPreview({
  tileUrl,
  vendors,
  destination,
  courier,
  labels,
  covered,
  onWake,
}: OrderMapProps & { covered: boolean; onWake: (waking: MapWaking) => void }) {
  const box = useRef<HTMLElement>(null);
  const [size, setSize] = useState<ViewSize | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Measured as the browser lays the box out, without asking for a layout of its own.
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((current) =>
        current?.width === Math.round(width) && current.height === Math.round(height)
          ? current
          : { width: Math.round(width), height: Math.round(height) },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const marks = [
    ...vendors.map((vendor) => ({ point: vendor, mark: VENDOR_MARK, name: vendor.name })),
    ...(destination ? [{ point: destination, mark: HOME_MARK, name: labels.destination }] : []),
    ...(courier ? [{ point: courier, mark: COURIER_MARK, name: labels.courier }] : []),
  ];
  const view = size
    ? fittedView(
        marks.map(({ point }) => point),
        size,
        ORDER_MAP_FIT,
      )
    : null;
  const wake = (by: MapWaking["by"], zoomBy = 0) => onWake({ by, zoomBy });
  // Leaflet's zoom buttons, as its stylesheet draws them on a touch screen.
  const zoomButton =
    "block size-[30px] bg-white text-center text-black indent-px leading-[30px] [font:bold_22px_'Lucida_Console',Monaco,monospace] hover:bg-[#f4f4f4] focus-visible:bg-[#f4f4f4]";

  return (
    <section
      ref={box}
      aria-label={labels.map}
      inert={covered}
      aria-hidden={covered || undefined}
      dir="ltr"
      className="relative h-full w-full touch-pan-y select-none overflow-hidden bg-surface"
      onPointerEnter={() => wake("pointer")}
      onPointerDown={() => wake("pointer")}
      onWheel={() => wake("pointer")}
      onFocus={(event: FocusEvent) => {
        if (event.target !== event.currentTarget) wake("focus");
      }}
    >
      {size &&
        view &&
        viewTiles(view, size).map((tile) => (
          <img
            key={`${tile.z}/${tile.x}/${tile.y}`}
            src={tileAddress(tileUrl, tile)}
            alt=""
            ref={hideIfBroken}
            onError={(event) => hideIfBroken(event.currentTarget)}
            draggable={false}
            decoding="async"
            className="absolute max-w-none"
            style={{ left: tile.left, top: tile.top, width: TILE_SIZE, height: TILE_SIZE }}
          />
        ))}
      {size &&
        view &&
        marks.map(({ point, mark, name }) => {
          const at = placeInView(point, view, size);
          return (
            <button
              key={`${name}-${point.latitude},${point.longitude}`}
              type="button"
              aria-label={name}
              className="absolute"
              style={{ left: Math.round(at.x - mark.size / 2), top: Math.round(at.y - mark.size / 2) }}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the marks' own markup, no visitor's text
              dangerouslySetInnerHTML={{ __html: markMarkup(mark) }}
            />
          );
        })}
      <div className="absolute top-2.5 left-2.5 overflow-hidden rounded border-2 border-black/20 bg-clip-padding">
        <button
          type="button"
          aria-label={labels.zoomIn}
          title={labels.zoomIn}
          className={`${zoomButton} border-[#ccc] border-b`}
          onClick={() => wake("pointer", 1)}
        >
          +
        </button>
        <button
          type="button"
          aria-label={labels.zoomOut}
          title={labels.zoomOut}
          className={zoomButton}
          onClick={() => wake("pointer", -1)}
        >
          −
        </button>
      </div>
      <p className="absolute right-0 bottom-0 bg-white px-[5px] text-ink text-xs leading-[1.4]">
        {TILE_CREDIT}
      </p>
    </section>
  );
}
