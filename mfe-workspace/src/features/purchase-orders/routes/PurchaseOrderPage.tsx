import { Alert, Button, Container, Stack, Typography } from '@mui/material';
import { ConfirmDialog, PageHeader } from '@stockwise/kit';
import { errorMessage, notify, resourceKey, useAccess } from '@stockwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  cancelPurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  sendPurchaseOrder,
  updatePurchaseOrder,
  type PurchaseOrder,
  type PurchaseOrderBody,
} from '@/api/purchase-orders';
import { Forbidden, isForbidden, LoadError, Loading, statusOf } from '@/components/ScreenStates';
import { formatDateTime } from '@/lib/format';
import { openPdf } from '@/lib/open-pdf';
import { OrderForm } from '../components/OrderForm';
import { OrderLines } from '@/components/purchase-orders/OrderLines';
import { StatusChip } from '../components/StatusChip';
import { useT } from '../i18n';
import { LIST_PATH, orderPath } from './PurchaseOrdersPage';

/** Reception against an order (the reception screen reads `order`). */
export const receivePath = (id: string) => `/actions/inventory-reception?order=${encodeURIComponent(id)}`;

/**
 * /actions/purchase-order[?id=]: a new order (no id), a draft to edit and send, or a sent order
 * with what was received and what is still due. Cancelling asks first.
 */
export function PurchaseOrderPage() {
  const { t, i18n } = useT();
  const id = useSearchParams()[0].get('id') ?? '';
  const language = i18n.language.startsWith('tr') ? 'tr' : 'en';
  const access = useAccess();
  const buyer = access.can('purchasing.manage');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const order = useQuery({
    queryKey: resourceKey('purchase-orders', { id }),
    queryFn: () => getPurchaseOrder(id),
    enabled: Boolean(id),
  });
  const [asking, setAsking] = useState(false);
  const [saved, setSaved] = useState(false);
  const changed = (next: PurchaseOrder) => {
    queryClient.setQueryData(resourceKey('purchase-orders', { id: next.id }), next);
    void queryClient.invalidateQueries({ queryKey: resourceKey('purchase-orders') });
  };
  const save = useMutation({
    mutationFn: (body: PurchaseOrderBody) => (id ? updatePurchaseOrder(id, body) : createPurchaseOrder(body)),
    onSuccess: (next) => {
      changed(next);
      setSaved(true);
      if (!id) navigate(orderPath(next.id), { replace: true });
    },
  });
  const send = useMutation({
    mutationFn: () => sendPurchaseOrder(id, language),
    onSuccess: changed,
  });
  const cancel = useMutation({ mutationFn: () => cancelPurchaseOrder(id), onSuccess: changed });

  const page = (title: string, content: ReactNode, actions?: ReactNode) => (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      <PageHeader title={title} actions={actions} />
      <Button component={RouterLink} to={LIST_PATH} sx={{ mb: 2 }}>
        {t('purchaseOrder.back')}
      </Button>
      {content}
    </Container>
  );

  if (!id)
    return page(
      t('purchaseOrder.newTitle'),
      buyer ? (
        <OrderForm order={null} onSave={(body) => save.mutate(body)} saving={save.isPending} error={save.error} />
      ) : (
        <Forbidden />
      ),
    );
  if (order.isPending) return page(t('purchaseOrder.newTitle'), <Loading />);
  if (order.isError) {
    const error = order.error;
    return page(
      t('purchaseOrder.newTitle'),
      isForbidden(error) ? (
        <Forbidden />
      ) : statusOf(error) === 404 ? (
        <Alert severity="warning">{t('purchaseOrder.notFound')}</Alert>
      ) : (
        <LoadError error={error} onRetry={() => void order.refetch()} />
      ),
    );
  }

  const o = order.data;
  const open = o.status === 'sent' || o.status === 'partly_received';
  const cancellable = buyer && o.status !== 'received' && o.status !== 'cancelled';
  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {buyer ? (
        <Button
          onClick={() =>
            openPdf(`/api/purchase-orders/${encodeURIComponent(o.id)}/order.pdf`, { lang: language }).catch(
              (error: unknown) => notify(errorMessage(error, t('purchaseOrder.notFound')), 'error'),
            )
          }
        >
          {t('purchaseOrder.pdf')}
        </Button>
      ) : null}
      {open && access.can('items.receive') ? (
        <Button variant="contained" component={RouterLink} to={receivePath(o.id)} data-testid="po-receive">
          {t('purchaseOrder.receive')}
        </Button>
      ) : null}
      {cancellable ? (
        <Button color="error" onClick={() => setAsking(true)}>
          {t('purchaseOrder.cancel')}
        </Button>
      ) : null}
    </Stack>
  );
  const error = send.error ?? cancel.error;

  return page(
    t('purchaseOrder.title', { reference: o.reference }),
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusChip status={o.status} />
        <Typography>{o.vendorName}</Typography>
        {o.sentAt && o.sentTo ? (
          <Typography color="text.secondary" variant="body2">
            {t('purchaseOrder.sentTo', { email: o.sentTo, date: formatDateTime(o.sentAt, i18n.language) })}
          </Typography>
        ) : null}
        {o.cancelledAt ? (
          <Typography color="text.secondary" variant="body2">
            {t('purchaseOrder.cancelled', { date: formatDateTime(o.cancelledAt, i18n.language) })}
          </Typography>
        ) : null}
      </Stack>
      {error ? (
        <Alert severity="error" role="alert">
          {errorMessage(error, t('purchaseOrder.failed'))}
        </Alert>
      ) : null}
      {o.status === 'draft' && buyer ? (
        <>
          {saved && !save.isPending ? <Alert severity="success">{t('purchaseOrder.saved')}</Alert> : null}
          <OrderForm
            key={o.updatedAt}
            order={o}
            onSave={(body) => save.mutate(body)}
            saving={save.isPending}
            error={save.error}
          />
          {o.vendorEmail ? null : <Alert severity="info">{t('purchaseOrder.noEmail', { vendor: o.vendorName })}</Alert>}
          <Stack direction="row">
            <Button
              variant="contained"
              color="secondary"
              onClick={() => send.mutate()}
              disabled={send.isPending || !o.vendorEmail}
              data-testid="po-send"
            >
              {send.isPending ? t('purchaseOrder.sending') : t('purchaseOrder.send')}
            </Button>
          </Stack>
        </>
      ) : (
        <>
          {o.note ? <Typography>{o.note}</Typography> : null}
          <OrderLines order={o} />
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t('purchaseOrder.cancelTitle', { reference: o.reference })}
        body={t('purchaseOrder.cancelText')}
        confirmLabel={t('purchaseOrder.cancelConfirm')}
        destructive
        onConfirm={() => cancel.mutateAsync()}
        onClose={() => setAsking(false)}
      />
    </Stack>,
    actions,
  );
}
