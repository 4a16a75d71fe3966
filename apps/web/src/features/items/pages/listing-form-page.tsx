// The sell, edit and copy pages: the listing form's state, its checks and what sending it does; the sections are
// components (components/listing-*-fields.tsx), the draft's shape and field ids are listing-draft.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { CATEGORIES, ITEM_ERRORS, REGIONS, type ItemDetail, type SpecKey } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { PhoneVerificationModal } from '../../../components/phone-verification-modal';
import { isApiError } from '../../../lib/api-error';
import { useCategories } from '../../../lib/reference/get-categories';
import { useRegions } from '../../../lib/reference/get-regions';
import { useEmailStatus } from '../../../lib/session';
import { specDraftFor, specErrorText, specPayloadOf } from '../../../lib/specs';
import { validate } from '../../../lib/validation';
import { useItemForForm } from '../api/get-item';
import { listingRules } from '../api/listing-rules';
import { itemKeys, type ListingSource } from '../api/keys';
import { createListing, updateListing, type ListingPayload, type NewListingPayload } from '../api/save-listing';
import { useTimestampCode } from '../api/timestamp-code';
import { ConfirmEmailNotice } from '../components/confirm-email-notice';
import { ListingDetailsFields } from '../components/listing-details-fields';
import { ListingFormSection } from '../components/listing-form-section';
import { CannotListModal, ZeroShippingModal } from '../components/listing-form-modals';
import { ListingPaymentFields } from '../components/listing-payment-fields';
import { ListingPhotoFields } from '../components/listing-photo-fields';
import { ListingShippingFields } from '../components/listing-shipping-fields';
import { ListingSpecFields } from '../components/listing-spec-fields';
import { ListingTradeFields } from '../components/listing-trade-fields';
import { shippingCheckboxId, shippingPriceId, type ShippingDraft } from '../components/shipping-fieldset';
import { SlowYourRollModal } from '../components/slow-your-roll-modal';
import {
  draftOf,
  focusIdOf,
  GUARDRAIL_FIELDS,
  isShippingPriceText,
  NO_CODES,
  shippingOf,
  shippingPriceText,
  type ListingDraft,
  type ListingError,
} from '../listing-draft';
import { listingFailure, listingRuleText } from '../messages';
import styles from './listing-form-page.module.css';

type ListingMode = 'create' | ListingSource;

const HEADINGS: Record<ListingMode, string> = {
  create: 'List Your Item',
  edit: 'Edit Your Listing',
  duplicate: 'Add A Similar Listing',
};

interface ListingPageProps {
  /**
   * What items named like the one being listed sold for, shown under the price. app/ fills it with the
   * discovery feature's price history (features do not import one another).
   */
  priceHint?: (name: string) => ReactNode;
}

/** /sell */
export function SellPage({ priceHint }: ListingPageProps) {
  return <ListingScreen mode="create" id="" priceHint={priceHint} />;
}

/** /edit-item/{id}: the owner's listing; shipping stays as listed. */
export function EditItemPage({ priceHint }: ListingPageProps) {
  const { id = '' } = useParams();
  return <ListingScreen key={id} mode="edit" id={id} priceHint={priceHint} />;
}

/** /duplicate-item/{id}: a copy of an existing listing, listed as a new one. */
export function DuplicateItemPage({ priceHint }: ListingPageProps) {
  const { id = '' } = useParams();
  return <ListingScreen key={id} mode="duplicate" id={id} priceHint={priceHint} />;
}

function ListingScreen({ mode, id, priceHint }: { mode: ListingMode; id: string } & ListingPageProps) {
  const emailStatus = useEmailStatus();
  const source = useItemForForm(id, mode === 'create' ? undefined : mode);
  // The form mounts in a background (transition) render that yields to the browser every few milliseconds, not in
  // the synchronous render react-query's answer triggers: mounting it took one 100-200 ms task under Lighthouse's
  // CPU slowdown. "Loading..." stays until it is ready.
  const loading = useDeferredValue(emailStatus.isPending || (mode !== 'create' && source.isPending), true);

  let content;
  if (emailStatus.data?.didConfirmEmail === false) {
    content = <ConfirmEmailNotice />;
  } else if (loading) {
    content = (
      <p className={styles.loading} role="status">
        Loading...
      </p>
    );
  } else if (mode !== 'create' && source.isError) {
    // Spec 8: a sold or missing item sends the seller home; anything else is a page that cannot be shown.
    const code = isApiError(source.error) ? source.error.code : '';
    const home = code === ITEM_ERRORS.itemSold || code === ITEM_ERRORS.notFound;
    content = <Navigate to={home ? '/' : '/404'} replace />;
  } else if (mode !== 'create' && source.data && !source.data.isUserItem) {
    content = <Navigate to="/404" replace />;
  } else {
    // A failed email check is not a refusal: the server checks again when the listing is sent.
    content = <ListingForm mode={mode} id={id} item={source.data?.item} priceHint={priceHint} />;
  }

  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>{HEADINGS[mode]}</h1>
      {content}
    </section>
  );
}

function ListingForm({ mode, id, item, priceHint }: { mode: ListingMode; id: string; item: ItemDetail | undefined } & ListingPageProps) {
  const creating = mode !== 'edit';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategories().data?.categories ?? CATEGORIES;
  const regions = useRegions().data ?? REGIONS;

  const [draft, setDraft] = useState<ListingDraft>(() => draftOf(item));
  const [shipping, setShipping] = useState<ShippingDraft>(() => shippingOf(item));
  const [photos, setPhotosState] = useState<string[]>(() => item?.photos ?? []);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<ListingError | null>(null);
  const [zeroShippingAsked, setZeroShippingAsked] = useState(false);
  const [zeroShippingOpen, setZeroShippingOpen] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [slowUntil, setSlowUntil] = useState<number | null>(null);
  // The timestamp photo (issue 26): an edit keeps the listing's own code; a new listing (or a copy: a new proof
  // is due) shows the seller's code for today.
  const storedTimestamp = mode === 'edit' ? (item?.timestamp ?? null) : null;
  const todaysCode = useTimestampCode(storedTimestamp === null);
  const timestampCode = storedTimestamp?.code ?? todaysCode.data?.code;
  const [timestampPhoto, setTimestampPhoto] = useState<string | null>(storedTimestamp?.photo ?? null);
  // A removed photo takes its mark with it.
  const markedPhoto = timestampPhoto !== null && photos.includes(timestampPhoto) ? timestampPhoto : null;
  const pendingPayload = useRef<NewListingPayload | null>(null);

  useEffect(() => {
    if (error?.focusId) document.getElementById(error.focusId)?.focus();
  }, [error]);

  const clearErrorOf = (field: string) => setError((current) => (current?.field === field ? null : current));

  const update = <K extends keyof ListingDraft>(field: K, value: ListingDraft[K]) => {
    setDraft((current) =>
      // Another category takes with it the specs it does not have (a keyboard's size on keycaps would be refused).
      field === 'categoryId' ? { ...current, categoryId: value as string, specs: specDraftFor(value as string, current.specs) } : { ...current, [field]: value },
    );
    clearErrorOf(field === 'isFixedPrice' ? 'offersAccepted' : field);
    if (field === 'price' || field === 'isFixedPrice' || field === 'offersAccepted') {
      setError((current) => (current?.field && GUARDRAIL_FIELDS.has(current.field) ? null : current));
    }
  };

  const updateSpec = (key: SpecKey, value: string | string[]) => {
    // A part that is not switches loses the switch specs at once, as a change of category does.
    setDraft((current) => ({ ...current, specs: specDraftFor(current.categoryId, { ...current.specs, [key]: value }) }));
    clearErrorOf(`specs.${key}`);
  };

  const setPhotos = (next: SetStateAction<string[]>) => {
    setPhotosState(next);
    clearErrorOf('photos');
  };

  const updateShipping = (code: string, row: { selected: boolean; price: string }) => {
    setShipping((current) => ({ ...current, [code]: row }));
    clearErrorOf('shippingPrices');
  };

  const save = useMutation({
    mutationFn: (payload: NewListingPayload): Promise<string> => {
      if (mode !== 'edit') return createListing(payload);
      const { shippingPrices: _shipping, ...changes } = payload;
      return updateListing(id, changes satisfies ListingPayload);
    },
    onSuccess: async (itemId) => {
      pendingPayload.current = null;
      await queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) });
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists });
      await navigate(`/detail/${encodeURIComponent(itemId)}`);
    },
    onError: (failure) => {
      const outcome = listingFailure(failure);
      if (outcome.kind === 'phone') {
        setPhoneOpen(true);
        return;
      }
      if (outcome.kind === 'field') {
        const focusId = focusIdOf(outcome.field);
        setError(
          focusId
            ? { field: outcome.field, message: outcome.message, focusId }
            : outcome.field === 'shippingPrices'
              ? { field: 'shippingPrices', message: outcome.message, shippingCodes: NO_CODES }
              : { message: outcome.message },
        );
        return;
      }
      setError({ message: outcome.message });
      if (outcome.kind === 'rate-limit') setSlowUntil(Date.now() + outcome.timeLeft * 1_000);
      else setBlocked(outcome.message);
    },
  });

  const busy = save.isPending || uploading;

  const send = (payload: NewListingPayload) => {
    pendingPayload.current = payload;
    save.mutate(payload);
  };

  const selectedRegions = regions.filter((region) => shipping[region.code]?.selected);

  const ruleError = (code: string, field: string | undefined): ListingError => {
    if (field?.startsWith('specs')) return { field, message: specErrorText(code, field), focusId: focusIdOf(field) };
    const message = listingRuleText(code, field);
    if (field !== 'shippingPrices') return { field, message, focusId: focusIdOf(field) };
    if (code === ITEM_ERRORS.shippingPrice) {
      const bad = selectedRegions.filter((region) => !isShippingPriceText(shippingPriceText(shipping[region.code]?.price)));
      const codes = new Set(bad.map((region) => region.code));
      return { field, message, shippingCodes: codes, focusId: bad[0] && shippingPriceId(bad[0].code) };
    }
    return { field, message, shippingCodes: NO_CODES, focusId: regions[0] && shippingCheckboxId(regions[0].code) };
  };

  const submit = async () => {
    if (busy) return;
    const rules = await listingRules();
    const timestamp = { timestampCode: markedPhoto && timestampCode ? timestampCode : null, timestampPhoto: markedPhoto && timestampCode ? markedPhoto : null };
    const input = {
      ...draft,
      specs: specPayloadOf(draft.categoryId.trim(), draft.specs),
      photos,
      ...timestamp,
      ...(creating
        ? {
            shippingPrices: selectedRegions.map((region) => ({
              code: region.code,
              name: region.name,
              price: shippingPriceText(shipping[region.code]?.price),
            })),
          }
        : {}),
    };
    const result = validate(creating ? rules.CreateItemInputSchema : rules.UpdateItemInputSchema, input);
    if (!result.ok) {
      setError(ruleError(result.code, result.field));
      return;
    }
    setError(null);
    const { data } = result;
    const payload: NewListingPayload = {
      photos: data.photos,
      name: data.name,
      categoryId: data.categoryId,
      description: data.description,
      price: data.price,
      offersAccepted: data.offersAccepted,
      isFixedPrice: data.isFixedPrice,
      payment: data.payment,
      // Sent even when empty: null unsets a guardrail the listing had.
      autoDeclineBelow: data.autoDeclineBelow ?? null,
      autoAcceptAt: data.autoAcceptAt ?? null,
      openToTrades: data.openToTrades ?? false,
      lookingFor: data.lookingFor ?? '',
      // Always sent: {} removes the specs an edit took away (left out, the API would keep them).
      specs: data.specs ?? {},
      shippingPrices: creating ? data.shippingPrices : [],
      // Sent even when unset: null removes a timestamp the listing had.
      ...timestamp,
    };
    // Spec 5: free shipping is worth one question before listing, asked once.
    if (creating && !zeroShippingAsked && payload.shippingPrices.some((row) => row.price === 0)) {
      pendingPayload.current = payload;
      setZeroShippingAsked(true);
      setZeroShippingOpen(true);
      return;
    }
    send(payload);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const editShipping = () => {
    setZeroShippingOpen(false);
    const free = selectedRegions.find((region) => Number(shipping[region.code]?.price) === 0);
    if (free) window.setTimeout(() => document.getElementById(shippingPriceId(free.code))?.focus(), 0);
  };

  const listAnyway = () => {
    setZeroShippingOpen(false);
    if (pendingPayload.current) send(pendingPayload.current);
  };

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={HEADINGS[mode]}>
        {error && !error.field ? <FormBanner tone="error">{error.message}</FormBanner> : null}

        <ListingFormSection id="section-details" title="Details">
          <ListingDetailsFields draft={draft} categories={categories} onChange={update} fieldError={fieldError} />
        </ListingFormSection>

        <ListingFormSection id="section-specs" title="Specs">
          <ListingSpecFields categoryId={draft.categoryId} draft={draft.specs} onChange={updateSpec} fieldError={fieldError} />
        </ListingFormSection>

        <ListingFormSection id="section-payment" title="Payment">
          <ListingPaymentFields draft={draft} onChange={update} fieldError={fieldError} priceHint={priceHint?.(draft.name)} />
        </ListingFormSection>

        <ListingFormSection id="section-trades" title="Trades">
          <ListingTradeFields draft={draft} onChange={update} fieldError={fieldError} />
        </ListingFormSection>

        <ListingFormSection id="section-shipping" title="Shipping">
          <ListingShippingFields
            creating={creating}
            regions={regions}
            value={shipping}
            onChange={updateShipping}
            error={fieldError('shippingPrices')}
            invalidCodes={error?.shippingCodes ?? NO_CODES}
            lockedPrices={item?.shippingPrices ?? []}
          />
        </ListingFormSection>

        <ListingFormSection id="section-photos" title="Photos">
          <ListingPhotoFields
            photos={photos}
            setPhotos={setPhotos}
            onUploadingChange={setUploading}
            timestampCode={timestampCode}
            timestampFailed={todaysCode.isError}
            markedPhoto={markedPhoto}
            onMarkedPhotoChange={(photo) => {
              setTimestampPhoto(photo);
              clearErrorOf('timestampPhoto');
              clearErrorOf('timestampCode');
            }}
            fieldError={fieldError}
          />
        </ListingFormSection>

        <div className={styles.submitRow}>
          <Button type="submit" pending={save.isPending} disabled={uploading}>
            {mode === 'edit' ? 'Save Changes' : 'List Item'}
          </Button>
        </div>
      </form>

      <ZeroShippingModal open={zeroShippingOpen} onClose={() => setZeroShippingOpen(false)} onEditShipping={editShipping} onListAnyway={listAnyway} />

      <CannotListModal message={blocked} onClose={() => setBlocked(null)} />

      <SlowYourRollModal until={slowUntil} onClose={() => setSlowUntil(null)} />

      <PhoneVerificationModal
        open={phoneOpen}
        onClose={() => setPhoneOpen(false)}
        type="itemSell"
        onVerified={() => {
          setPhoneOpen(false);
          if (pendingPayload.current) save.mutate(pendingPayload.current);
        }}
      />
    </>
  );
}
