import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ITEM_ERRORS, type ItemDetail } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { loginPath } from '../../../lib/return-url';
import { emailStatusQueryOptions, resendConfirmation, useSession, useViewerRegion } from '../../../lib/session';
import { SendFeedbackModal } from '../../ratings/components/send-feedback-modal';
import { removeItem } from '../api/item-actions';
import { itemKeys } from '../api/keys';
import { itemButtons, type ItemButton } from '../item-buttons';
import { codeOf, TEXTS } from '../messages';
import { CHECKOUT_BUTTONS, CheckoutActions } from './checkout-actions';
import { SendOfferModal, type OfferOutcome } from './send-offer-modal';
import styles from './item-actions.module.css';

/** The 'Send Message' modal for Message Seller: the chat feature's, composed in app/ (features do not import one another). */
export type MessageSellerModal = (props: { item: ItemDetail; open: boolean; onClose: () => void }) => ReactNode;

/**
 * Issue 28's 'Propose a trade' button and its modal: the trades feature's, composed in app/ like the modal above.
 * `disabled` while the seller is away (issue 29): the button stays, so the page shows what returns with them.
 */
export type TradeAction = (props: { item: ItemDetail; isLoggedIn: boolean; isUserItem: boolean; disabled?: boolean }) => ReactNode;

interface ItemActionsProps {
  item: ItemDetail;
  isLoggedIn: boolean;
  isUserItem: boolean;
  messageSellerModal: MessageSellerModal;
  tradeAction?: TradeAction;
}

/** The item page's buttons (spec 4, 'Item detail buttons') and the dialogs they open. */
export function ItemActions({ item, isLoggedIn, isUserItem, messageSellerModal, tradeAction }: ItemActionsProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const region = useViewerRegion();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [feedbackSent, setFeedbackSent] = useState(false);
  const [confirmEmailOpen, setConfirmEmailOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [cannotRemoveOpen, setCannotRemoveOpen] = useState(false);
  const [offerOpen, setOfferOpen] = useState(false);
  const [offerSent, setOfferSent] = useState<OfferOutcome | null>(null);
  const [messageOpen, setMessageOpen] = useState(false);

  const viewerId = isLoggedIn && session.data?.isLoggedIn ? session.data.userId : undefined;
  const buttons = itemButtons({ item, isUserItem, viewerId, viewerRegion: region.data?.code });
  const sold = item.purchaserId !== null;
  // Issue 29: the server refuses offers, purchases and trades while the seller is away; the page says why above.
  const sellerAway = !isUserItem && item.sellerAwayUntil !== null;

  const remove = useMutation({
    mutationFn: () => removeItem(item._id),
    onSuccess: async () => {
      setRemoveOpen(false);
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists });
      await navigate('/me');
      queryClient.removeQueries({ queryKey: itemKeys.detail(item._id) });
    },
    onError: (error) => {
      if (codeOf(error) !== ITEM_ERRORS.offerPending) return;
      setRemoveOpen(false);
      setCannotRemoveOpen(true);
    },
  });

  const resend = useMutation({ mutationFn: resendConfirmation });

  const openConfirmEmail = () => {
    resend.reset();
    setConfirmEmailOpen(true);
  };

  const toLogin = () => navigate(loginPath(`${location.pathname}${location.search}`));

  // Spec 5 and 6: buying and offering need a session and a confirmed email; an unknown status is left to the server.
  const readyToBuy = async () => {
    if (!isLoggedIn) {
      await toLogin();
      return false;
    }
    const status = await queryClient.ensureQueryData(emailStatusQueryOptions()).catch(() => null);
    if (status?.didConfirmEmail === false) {
      openConfirmEmail();
      return false;
    }
    return true;
  };

  const press = async (button: ItemButton) => {
    if (!isLoggedIn) {
      await toLogin();
      return;
    }
    if (button === 'remove') {
      remove.reset();
      setRemoveOpen(true);
      return;
    }
    if (button === 'offer') {
      if (!(await readyToBuy())) return;
      setOfferSent(null);
      setOfferOpen(true);
      return;
    }
    if (button === 'message') {
      setMessageOpen(true);
      return;
    }
    if (button === 'feedback') setFeedbackOpen(true);
  };

  // The item now reads isSellerReviewed (Leave Feedback goes); also after a refusal, which may mean it was rated elsewhere.
  const refreshItem = () => void queryClient.invalidateQueries({ queryKey: itemKeys.detail(item._id) });

  const itemPath = encodeURIComponent(item._id);

  return (
    <div className={styles.actions} role="group" aria-label="Item actions">
      {offerSent ? (
        <FormBanner tone="success" onDismiss={() => setOfferSent(null)}>
          {offerSent === 'accepted' ? (
            <>
              {TEXTS.offerAutoAccepted} Pay within 24 hours from <Link to="/me/offers?tab=sent">your sent offers</Link>.
            </>
          ) : (
            <>
              {TEXTS.offerSent}. <Link to="/me/offers?tab=sent">See your offers</Link>
            </>
          )}
        </FormBanner>
      ) : null}
      {feedbackSent ? (
        <FormBanner tone="success" onDismiss={() => setFeedbackSent(false)}>
          Thanks for your feedback! <Link to={`/u/${encodeURIComponent(item.sellerId.username)}/rating`}>See seller feedback</Link>
        </FormBanner>
      ) : null}
      {isUserItem && !sold && !item.tradePending && item.paymentStatus === 'pending' ? (
        // Issue 36: the seller learns their listing is held, never by whom (the API sends no name either).
        <p className={styles.reserved}>Reserved: a buyer is paying for it. If the payment does not go through, it is on sale again.</p>
      ) : null}
      <CheckoutActions
        item={item}
        buttons={buttons.filter((button) => CHECKOUT_BUTTONS.includes(button))}
        shippingPrice={item.shippingPrices.find((shipping) => shipping.code === region.data?.code)?.price ?? 0}
        readyToBuy={readyToBuy}
        onConfirmEmail={openConfirmEmail}
        sellerAway={sellerAway}
      />
      {buttons.map((button) => {
        switch (button) {
          case 'offer':
            return (
              <Button
                key={button}
                block
                variant={buttons.includes('purchase') ? 'secondary' : 'primary'}
                disabled={sellerAway}
                onClick={() => void press(button)}
              >
                Make An Offer
              </Button>
            );
          case 'paymentPending':
            return (
              <Button key={button} block disabled>
                Payment Pending
              </Button>
            );
          case 'noShipping':
            return (
              <Button key={button} block variant="secondary" disabled>
                {TEXTS.doesNotShip}
              </Button>
            );
          case 'message':
            // After the buying and offering buttons: trading is the other way to deal for the item.
            return (
              <Fragment key={button}>
                {tradeAction?.({ item, isLoggedIn, isUserItem, disabled: sellerAway })}
                <Button block variant="secondary" onClick={() => void press(button)}>
                  Message Seller
                </Button>
              </Fragment>
            );
          case 'edit':
            return (
              <Link key={button} to={`/edit-item/${itemPath}`} className={styles.primaryLink}>
                Edit Listing
              </Link>
            );
          case 'duplicate':
            return (
              <Link key={button} to={`/duplicate-item/${itemPath}`} className={styles.secondaryLink}>
                List Similar Item
              </Link>
            );
          case 'remove':
            return (
              <Button key={button} block variant="ghost" className={styles.remove} onClick={() => void press(button)}>
                {sold ? 'Remove Item' : 'Remove From Sale'}
              </Button>
            );
          case 'feedback':
            return (
              <Button key={button} block onClick={() => void press(button)}>
                Leave Feedback
              </Button>
            );
          default:
            return null;
        }
      })}

      <SendOfferModal
        open={offerOpen}
        item={item}
        region={region.data}
        onClose={() => setOfferOpen(false)}
        onSent={(outcome) => {
          setOfferOpen(false);
          setOfferSent(outcome);
          // An accepted offer reserves the item: the page shows it as it is now.
          if (outcome === 'accepted') refreshItem();
        }}
        onConfirmEmail={() => {
          setOfferOpen(false);
          openConfirmEmail();
        }}
      />

      {messageSellerModal({ item, open: messageOpen, onClose: () => setMessageOpen(false) })}

      <SendFeedbackModal
        open={feedbackOpen}
        item={item}
        onClose={() => {
          setFeedbackOpen(false);
          refreshItem();
        }}
        onSent={() => {
          setFeedbackOpen(false);
          setFeedbackSent(true);
          refreshItem();
        }}
      />

      <AlertModal
        open={confirmEmailOpen}
        onClose={() => setConfirmEmailOpen(false)}
        title="Confirm Your Email"
        actions={
          <>
            <Link to="/settings" className={styles.ghostLink}>
              Go to Settings
            </Link>
            <Button pending={resend.isPending} onClick={() => resend.mutate()}>
              Resend Verification Link
            </Button>
          </>
        }
      >
        <p>{TEXTS.confirmEmailToBuy}</p>
        {resend.isSuccess ? <FormBanner tone="success">{TEXTS.verificationLinkSent}</FormBanner> : null}
        {resend.isError ? <FormBanner tone="error">{TEXTS.somethingWentWrong}</FormBanner> : null}
      </AlertModal>

      <AlertModal
        open={removeOpen}
        onClose={() => setRemoveOpen(false)}
        title="Remove Item"
        actions={
          <>
            <Button variant="secondary" onClick={() => setRemoveOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" pending={remove.isPending} onClick={() => remove.mutate()}>
              Remove
            </Button>
          </>
        }
      >
        <p>
          {sold
            ? 'Remove this item from your listings? It cannot be undone.'
            : 'Remove this item from sale? It will no longer be listed, and this cannot be undone.'}
        </p>
        {remove.isError && codeOf(remove.error) !== ITEM_ERRORS.offerPending ? (
          <FormBanner tone="error">{TEXTS.somethingWentWrong}</FormBanner>
        ) : null}
      </AlertModal>

      <AlertModal open={cannotRemoveOpen} onClose={() => setCannotRemoveOpen(false)} title="Cannot Remove">
        <p>{TEXTS.cannotRemove}</p>
      </AlertModal>
    </div>
  );
}
