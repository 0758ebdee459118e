import { mediaSrcSet } from '@souq/contracts/media';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type WheelEvent as ReactWheelEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, MinusIcon, PlusIcon } from '../../components/ui/icons';
import { Thumbnail } from '../../components/ui/thumbnail';
import { ArrowBackIcon, ArrowForwardIcon } from './catalog-icons';
import {
  distance,
  MAX_SCALE,
  midpoint,
  NO_ZOOM,
  panBy,
  ZOOM_STEP,
  zoomAround,
  type Point,
  type Zoom,
} from './zoom';

/** How far (px) a finger moves an unzoomed full-screen picture to turn to the next one. */
const SWIPE_DISTANCE = 50;

const iconButtonClass =
  'flex size-11 items-center justify-center rounded-full hover:bg-neutral-100 disabled:opacity-40';

/**
 * The product's pictures: a strip the shopper swipes through (the browser's own scroll snapping,
 * so no gesture script runs until a picture is opened), thumbnails that choose one, and a tap
 * that opens the picture full screen, where it zooms.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const trackRef = useRef<HTMLUListElement>(null);

  function showImage(i: number) {
    setIndex(i);
    trackRef.current?.children[i]?.scrollIntoView({
      block: 'nearest',
      inline: 'start',
      behavior: 'smooth',
    });
  }

  function followSwipe() {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    // scrollLeft runs negative in right-to-left pages.
    const shown = Math.round(Math.abs(track.scrollLeft) / track.clientWidth);
    if (shown !== index) setIndex(shown);
  }

  return (
    <div className="flex flex-col-reverse gap-4 lg:flex-row">
      {images.length > 1 && (
        <ul aria-label={t('productDetails.images')} className="flex gap-4 lg:w-36 lg:flex-col">
          {images.map((image, i) => (
            <li key={image} className="w-1/4 lg:w-full">
              <button
                type="button"
                aria-label={t('productDetails.showImage', { n: i + 1, total: images.length })}
                aria-pressed={i === index}
                onClick={() => showImage(i)}
                className={`block w-full rounded bg-surface p-2 ${i === index ? 'ring-2 ring-brand' : ''}`}
              >
                <Thumbnail src={image} size={120} className="aspect-square w-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ul
        ref={trackRef}
        onScroll={followSwipe}
        className="flex min-w-0 flex-1 snap-x snap-mandatory overflow-x-auto rounded bg-surface [scrollbar-width:none]"
      >
        {images.map((image, i) => (
          <li key={image} className="w-full shrink-0 snap-start">
            <button
              type="button"
              aria-label={t('productDetails.openImage', { n: i + 1, total: images.length })}
              onClick={() => {
                setIndex(i);
                setViewerOpen(true);
              }}
              className="block w-full cursor-zoom-in"
            >
              <img
                src={image}
                srcSet={mediaSrcSet(image)}
                sizes="(min-width: 1024px) 50vw, 100vw"
                alt={i === 0 ? name : ''}
                width={600}
                height={600}
                // The first picture is the page's largest paint; the others wait for a swipe.
                {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
                className="aspect-square w-full object-contain p-6 md:p-10"
              />
            </button>
          </li>
        ))}
      </ul>
      {viewerOpen && (
        <ImageViewer
          images={images}
          start={index}
          name={name}
          onClose={(last) => {
            setViewerOpen(false);
            showImage(last);
          }}
        />
      )}
    </div>
  );
}

/**
 * One picture at a time over the whole screen, on the browser's modal <dialog> (Escape and the
 * close button close it, focus goes back to the picture that opened it). Two fingers pinch to
 * zoom around their midpoint, one finger drags a zoomed picture or swipes to the next; the
 * buttons do the same for a mouse, a keyboard or one finger (WCAG 2.5.1).
 */
function ImageViewer({
  images,
  start,
  name,
  onClose,
}: {
  images: string[];
  start: number;
  name: string;
  onClose: (index: number) => void;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const swipeStart = useRef<Point | null>(null);
  const [index, setIndex] = useState(start);
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const image = images[index] ?? images[0] ?? '';

  useEffect(() => {
    dialogRef.current?.showModal();
  }, []);

  // Set through the DOM: the CSP refuses style attributes (see Swatch).
  useLayoutEffect(() => {
    const img = imageRef.current;
    if (img) img.style.transform = `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`;
  }, [zoom]);

  function frame() {
    const rect = frameRef.current?.getBoundingClientRect();
    return {
      width: rect?.width ?? 0,
      height: rect?.height ?? 0,
      centre: {
        x: (rect?.left ?? 0) + (rect?.width ?? 0) / 2,
        y: (rect?.top ?? 0) + (rect?.height ?? 0) / 2,
      },
    };
  }

  /** A point on the screen as an offset from the frame's centre. */
  function fromCentre(event: { clientX: number; clientY: number }): Point {
    const { centre } = frame();
    return { x: event.clientX - centre.x, y: event.clientY - centre.y };
  }

  function turnTo(next: number) {
    setIndex(next);
    setZoom(NO_ZOOM);
  }

  function zoomBy(factor: number, centre: Point = { x: 0, y: 0 }) {
    setZoom((current) => zoomAround(current, factor, centre, frame()));
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, fromCentre(event));
    swipeStart.current = pointers.current.size === 1 ? fromCentre(event) : null;
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = fromCentre(event);
    const others = [...pointers.current].filter(([id]) => id !== event.pointerId);
    pointers.current.set(event.pointerId, now);
    const other = others[0]?.[1];
    if (other) {
      // Pinch: scale by how far the fingers spread, around where they are, and follow their midpoint.
      const spreadBefore = distance(before, other);
      const factor = spreadBefore > 0 ? distance(now, other) / spreadBefore : 1;
      const midBefore = midpoint(before, other);
      const midNow = midpoint(now, other);
      const box = frame();
      setZoom((current) =>
        panBy(
          zoomAround(current, factor, midBefore, box),
          midNow.x - midBefore.x,
          midNow.y - midBefore.y,
          box,
        ),
      );
    } else if (zoom.scale > 1) {
      setZoom((current) => panBy(current, now.x - before.x, now.y - before.y, frame()));
    }
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    const from = swipeStart.current;
    swipeStart.current = null;
    if (!from || zoom.scale > 1 || images.length < 2) return;
    const moved = fromCentre(event).x - from.x;
    if (Math.abs(moved) < SWIPE_DISTANCE) return;
    // A swipe towards the reading direction's start shows the next picture.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? moved > 0 : moved < 0;
    turnTo((index + (forward ? 1 : images.length - 1)) % images.length);
  }

  function onWheel(event: ReactWheelEvent<HTMLDivElement>) {
    // A trackpad's pinch arrives as a wheel with ctrlKey; a plain wheel scrolls nothing here.
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoomBy(Math.exp(-event.deltaY / 100), fromCentre(event));
  }

  return (
    <dialog
      ref={dialogRef}
      aria-label={t('productDetails.viewerTitle', { name })}
      onClose={() => onClose(index)}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-white p-0 text-neutral-900 backdrop:bg-white"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-2 p-2">
          <p aria-live="polite" className="ms-2 me-auto text-sm">
            {t('productDetails.imageOf', { n: index + 1, total: images.length })}
          </p>
          <button
            type="button"
            aria-label={t('productDetails.zoomOut')}
            disabled={zoom.scale <= 1}
            onClick={() => zoomBy(1 / ZOOM_STEP)}
            className={iconButtonClass}
          >
            <MinusIcon />
          </button>
          <button
            type="button"
            aria-label={t('productDetails.zoomIn')}
            disabled={zoom.scale >= MAX_SCALE}
            onClick={() => zoomBy(ZOOM_STEP)}
            className={iconButtonClass}
          >
            <PlusIcon />
          </button>
          <button
            type="button"
            aria-label={t('productDetails.closeViewer')}
            onClick={() => dialogRef.current?.close()}
            className={iconButtonClass}
          >
            <CloseIcon />
          </button>
        </div>
        <div
          ref={frameRef}
          data-testid="zoom-frame"
          data-zoom={zoom.scale.toFixed(2)}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onDoubleClick={(event) =>
            zoom.scale > 1 ? setZoom(NO_ZOOM) : zoomBy(ZOOM_STEP, fromCentre(event))
          }
          onWheel={onWheel}
          className="relative min-h-0 flex-1 touch-none overflow-hidden"
        >
          <img
            ref={imageRef}
            src={image}
            srcSet={mediaSrcSet(image)}
            sizes="100vw"
            alt={name}
            draggable={false}
            className="size-full select-none object-contain"
          />
        </div>
        {images.length > 1 && (
          <div className="flex justify-center gap-6 p-2">
            <button
              type="button"
              aria-label={t('productDetails.previousImage')}
              onClick={() => turnTo((index + images.length - 1) % images.length)}
              className={iconButtonClass}
            >
              <ArrowBackIcon className="rtl:-scale-x-100" />
            </button>
            <button
              type="button"
              aria-label={t('productDetails.nextImage')}
              onClick={() => turnTo((index + 1) % images.length)}
              className={iconButtonClass}
            >
              <ArrowForwardIcon className="rtl:-scale-x-100" />
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
