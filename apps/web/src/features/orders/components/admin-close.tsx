import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderDetail } from '@keeb/shared';
import { Button } from '../../../components/button';
import { closeProblem } from '../api/admin-problems';
import { orderKeys } from '../api/keys';
import { TEXTS } from '../messages';
import { ConfirmAction } from './confirm-action';
import styles from './order-page-parts.module.css';

/** An admin's 'Close' on the order page (as on /admin/problems) for a problem the parties did not resolve. */
export function AdminClose({ order, problemId }: { order: OrderDetail; problemId: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const close = useMutation({
    mutationFn: () => closeProblem(problemId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    onSuccess: () => setOpen(false),
  });
  return (
    <section className={styles.card} aria-label="Admin actions">
      <div className={styles.actions}>
        <Button variant="danger" onClick={() => (close.reset(), setOpen(true))}>
          Close problem
        </Button>
      </div>
      <ConfirmAction
        open={open}
        title="Close problem"
        question={`${TEXTS.closeProblemQuestion} (${order.item.name})`}
        confirmLabel="Close problem"
        pending={close.isPending}
        error={close.error}
        onConfirm={() => close.mutate()}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
