import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  CATEGORIES,
  ITEM_DESCRIPTION_MAX,
  ITEM_ERRORS,
  ITEM_NAME_MAX,
  PRICE_MAX,
  PRICE_MAX_LENGTH,
  REGIONS,
  type ItemDetail,
  type SpecKey,
} from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { PhoneVerificationModal } from '../../../components/phone-verification-modal';
import { isApiError } from '../../../lib/api-error';
import { useCategories } from '../../../lib/reference/get-categories';
import { useRegions } from '../../../lib/reference/get-regions';
import { resendConfirmation, useEmailStatus } from '../../../lib/session';
import { validate } from '../../../lib/validation';
import { useItemForForm } from '../api/get-item';
import { listingRules } from '../api/listing-rules';
import { itemKeys, type ListingSource } from '../api/keys';
import { createListing, updateListing, type ListingPayload, type NewListingPayload } from '../api/save-listing';
import { ListingPaymentFields, PAYMENT_FIELD_IDS, type PaymentDraft } from '../components/listing-payment-fields';
import { ListingTradeFields, TRADE_FIELD_IDS, type TradeDraft } from '../components/listing-trade-fields';
import { ListingSpecFields, specFieldId } from '../components/listing-spec-fields';
import { specDraftFor, specDraftOf, specErrorText, specPayloadOf, type SpecDraft } from '../../../lib/specs';
import { useTimestampCode } from '../api/timestamp-code';
import { PHOTO_UPLOAD_BUTTON_ID, PhotoManager } from '../components/photo-manager';
import {
  LockedShipping,
  ShippingFieldset,
  shippingCheckboxId,
  shippingPriceId,
  type ShippingDraft,
} from '../components/shipping-fieldset';
import { SlowYourRollModal } from '../components/slow-your-roll-modal';
import { TimestampCode } from '../components/timestamp-code';
import { listingFailure, listingRuleText, TEXTS } from '../messages';
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

/** Spec 2.8: an unconfirmed email gets this notice instead of the form. */
function ConfirmEmailNotice() {
  const resend = useMutation({ mutationFn: resendConfirmation });
  return (
    <div className={styles.notice}>
      <h2 className={styles.noticeTitle}>{TEXTS.confirmEmailToSell}</h2>
      <p>
        Follow the link we emailed you to confirm your address, then come back to list your item. You can check or
        change your email in <Link to="/settings">Settings</Link>.
      </p>
      <div className={styles.noticeActions}>
        <Button variant="secondary" pending={resend.isPending} onClick={() => resend.mutate()}>
          Resend Verification Link
        </Button>
        <Link to="/settings" className={styles.settingsLink}>
          Go to Settings
        </Link>
      </div>
      {resend.isSuccess ? <FormBanner tone="success">{TEXTS.verificationLinkSent}</FormBanner> : null}
      {resend.isError ? <FormBanner tone="error">{TEXTS.somethingWentWrong}</FormBanner> : null}
    </div>
  );
}

interface ListingDraft extends PaymentDraft, TradeDraft {
  categoryId: string;
  name: string;
  description: string;
  /** Issue 29: the category's specs as typed (lib/specs.ts). */
  specs: SpecDraft;
}

const guardrailText = (dollars: number | null | undefined) => (dollars === null || dollars === undefined ? '' : String(dollars));

function draftOf(item: ItemDetail | undefined): ListingDraft {
  return {
    categoryId: item?.categoryId ?? '',
    name: item?.name ?? '',
    description: item?.description ?? '',
    // Kept by an edit and by a copy (issue 29).
    specs: specDraftOf(item?.specs),
    price: item ? String(item.price) : '',
    payment: item?.paymentEmail ?? '',
    isFixedPrice: item?.isFixedPrice ?? false,
    offersAccepted: item?.offersAccepted ?? false,
    autoDeclineBelow: guardrailText(item?.autoDeclineBelow),
    autoAcceptAt: guardrailText(item?.autoAcceptAt),
    // Kept by an edit and by a copy (issue 28).
    openToTrades: item?.openToTrades ?? false,
    lookingFor: item?.lookingFor ?? '',
  };
}

function shippingOf(item: ItemDetail | undefined): ShippingDraft {
  const draft: ShippingDraft = {};
  for (const shipping of item?.shippingPrices ?? []) {
    draft[shipping.code] = { selected: true, price: String(shipping.price) };
  }
  return draft;
}

/**
 * A shipping price as sent: an empty box (or only spaces) is the '$ 0' its placeholder shows, so it is free
 * shipping and goes through the free-shipping question like a typed 0, not 'Shipping prices must be numbers'.
 */
const shippingPriceText = (text: string | undefined) => (text?.trim() ? text : '0');

/** Only to mark which shipping prices are at fault; whether one is, the shared rule decides. */
const isShippingPriceText = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim()) && text.trim().length <= PRICE_MAX_LENGTH && Number(text) <= PRICE_MAX;

interface ListingError {
  /** The input field the rule belongs to; none for a message in the form's banner. */
  field?: string;
  message: string;
  /** The element that gets focus. */
  focusId?: string;
  /** Shipping rows at fault. */
  shippingCodes?: ReadonlySet<string>;
}

const FIELD_IDS: Record<string, string> = {
  categoryId: 'listing-category',
  name: 'listing-name',
  description: 'listing-description',
  ...PAYMENT_FIELD_IDS,
  ...TRADE_FIELD_IDS,
  photos: PHOTO_UPLOAD_BUTTON_ID,
  timestampCode: PHOTO_UPLOAD_BUTTON_ID,
  timestampPhoto: PHOTO_UPLOAD_BUTTON_ID,
};

/** The element a rule's field puts the focus on: a spec's (`specs.<key>`) is its input, or its group's first box. */
const focusIdOf = (field: string | undefined) => (field === undefined ? undefined : field.startsWith('specs.') ? specFieldId(field.slice('specs.'.length)) : FIELD_IDS[field]);

/** Fields whose rules also read the price and sale options, so a change there may settle them. */
const GUARDRAIL_FIELDS = new Set(['autoDeclineBelow', 'autoAcceptAt']);

const NO_CODES: ReadonlySet<string> = new Set();

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
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (error?.focusId) document.getElementById(error.focusId)?.focus();
  }, [error]);

  // Spec 2.8: the description starts at 4 rows and grows with its text.
  useLayoutEffect(() => {
    const textarea = descriptionRef.current;
    if (!textarea) return;
    // Empty, it is its 4 rows: no measuring, which forces a layout of the whole new form in the first render's commit.
    if (!draft.description) {
      textarea.style.height = '';
      return;
    }
    textarea.style.height = 'auto';
    const style = window.getComputedStyle(textarea);
    const border = (parseFloat(style.borderTopWidth) || 0) + (parseFloat(style.borderBottomWidth) || 0);
    if (textarea.scrollHeight > textarea.clientHeight) textarea.style.height = `${textarea.scrollHeight + border}px`;
    else textarea.style.height = '';
  }, [draft.description]);

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

        <section className={styles.section} aria-labelledby="section-details">
          <h2 id="section-details" className={styles.sectionTitle}>
            Details
          </h2>
          <SelectField
            id={FIELD_IDS.categoryId}
            label="Category"
            name="categoryId"
            placeholder="Select a category"
            options={categories.map((category) => ({ value: category._id, label: category.name }))}
            value={draft.categoryId}
            onChange={(event) => update('categoryId', event.target.value)}
            error={fieldError('categoryId')}
          />
          <TextField
            id={FIELD_IDS.name}
            label="Name"
            name="name"
            maxLength={ITEM_NAME_MAX}
            placeholder="What are you selling?"
            value={draft.name}
            onChange={(event) => update('name', event.target.value)}
            error={fieldError('name')}
          />
          <TextAreaField
            ref={descriptionRef}
            id={FIELD_IDS.description}
            label="Description"
            name="description"
            rows={4}
            maxLength={ITEM_DESCRIPTION_MAX}
            placeholder="Condition, what's included, anything a buyer should know"
            className={styles.description}
            value={draft.description}
            onChange={(event) => update('description', event.target.value)}
            error={fieldError('description')}
          />
        </section>

        <section className={styles.section} aria-labelledby="section-specs">
          <h2 id="section-specs" className={styles.sectionTitle}>
            Specs
          </h2>
          <ListingSpecFields categoryId={draft.categoryId} draft={draft.specs} onChange={updateSpec} fieldError={fieldError} />
        </section>

        <section className={styles.section} aria-labelledby="section-payment">
          <h2 id="section-payment" className={styles.sectionTitle}>
            Payment
          </h2>
          <ListingPaymentFields draft={draft} onChange={update} fieldError={fieldError} priceHint={priceHint?.(draft.name)} />
        </section>

        <section className={styles.section} aria-labelledby="section-trades">
          <h2 id="section-trades" className={styles.sectionTitle}>
            Trades
          </h2>
          <ListingTradeFields draft={draft} onChange={update} fieldError={fieldError} />
        </section>

        <section className={styles.section} aria-labelledby="section-shipping">
          <h2 id="section-shipping" className={styles.sectionTitle}>
            Shipping
          </h2>
          {creating ? (
            <>
              <p className={styles.sectionHint}>
                Choose where you ship and what shipping costs there. {TEXTS.shippingLocked}
              </p>
              <ShippingFieldset
                regions={regions}
                value={shipping}
                onChange={updateShipping}
                error={fieldError('shippingPrices')}
                invalidCodes={error?.shippingCodes ?? NO_CODES}
              />
            </>
          ) : (
            <LockedShipping shippingPrices={item?.shippingPrices ?? []} note={TEXTS.shippingLocked} />
          )}
        </section>

        <section className={styles.section} aria-labelledby="section-photos">
          <h2 id="section-photos" className={styles.sectionTitle}>
            Photos
          </h2>
          <TimestampCode code={timestampCode} failed={todaysCode.isError} />
          <PhotoManager
            photos={photos}
            setPhotos={setPhotos}
            error={fieldError('photos')}
            onUploadingChange={setUploading}
            timestamp={
              timestampCode
                ? {
                    photo: markedPhoto,
                    onChange: (photo) => {
                      setTimestampPhoto(photo);
                      clearErrorOf('timestampPhoto');
                      clearErrorOf('timestampCode');
                    },
                    error: fieldError('timestampPhoto') ?? fieldError('timestampCode'),
                  }
                : undefined
            }
          />
        </section>

        <div className={styles.submitRow}>
          <Button type="submit" pending={save.isPending} disabled={uploading}>
            {mode === 'edit' ? 'Save Changes' : 'List Item'}
          </Button>
        </div>
      </form>

      <AlertModal
        open={zeroShippingOpen}
        onClose={() => setZeroShippingOpen(false)}
        title="Confirm Shipping Prices"
        actions={
          <>
            <Button variant="secondary" onClick={editShipping}>
              Edit Shipping
            </Button>
            <Button onClick={listAnyway}>List Item</Button>
          </>
        }
      >
        <p>Some regions have {TEXTS.zeroShipping}</p>
      </AlertModal>

      <AlertModal
        open={blocked !== null}
        onClose={() => setBlocked(null)}
        title="Cannot List Item"
        actions={
          blocked === TEXTS.confirmEmailToList ? (
            <>
              <Link to="/settings" className={styles.settingsLink}>
                Go to Settings
              </Link>
              <Button onClick={() => setBlocked(null)}>OK</Button>
            </>
          ) : undefined
        }
      >
        <p>{blocked}</p>
      </AlertModal>

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
