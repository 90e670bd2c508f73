import { useState } from 'react';
import { Alert, AlertTitle, Button } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiJson, useShop } from '@plaudit/kernel/admin';
import type { RequestSettings } from '../../shared/request-settings';

/**
 * The two banners of spec section 2. 'Enable delivery status' invites a shop that does not send on
 * delivery to do so, until the merchant closes it: that is saved on the shop
 * (hideBannerSettingRequest), so it stays closed. The alert about delivery-based timing shows while
 * the trigger is delivery and closes for this visit only: it explains the fallback schedule.
 */
export function DeliveryBanners({ sendMethod, onUseDelivery }: { sendMethod: RequestSettings['sendMethod']; onUseDelivery: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: shop, refetch } = useShop();
  const [closing, setClosing] = useState(false);
  const [alertClosed, setAlertClosed] = useState(false);

  const dismiss = async () => {
    setClosing(true);
    try {
      await apiJson('/shops', { method: 'PUT', body: JSON.stringify({ hideBannerSettingRequest: true }) });
      await refetch();
    } catch (error) {
      setClosing(false);
      notify((error as Error).message || 'plaudit.save_failed', { type: 'error' });
    }
  };

  const invite = !!shop && !shop.hideBannerSettingRequest && !shop.isEnableDeliveryMethod && !closing && sendMethod !== 'delivery';
  return (
    <>
      {invite && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          onClose={dismiss}
          closeText={translate('review-requests:settings.banner_close')}
          data-testid="delivery-status-banner"
        >
          <AlertTitle>{translate('review-requests:settings.enable_delivery_title')}</AlertTitle>
          {translate('review-requests:settings.enable_delivery_text')}
          <Button size="small" variant="outlined" sx={{ display: 'block', mt: 1 }} onClick={onUseDelivery}>
            {translate('review-requests:settings.enable_delivery_action')}
          </Button>
        </Alert>
      )}
      {sendMethod === 'delivery' && !alertClosed && (
        <Alert severity="info" onClose={() => setAlertClosed(true)} sx={{ mb: 2 }}>
          {translate('review-requests:settings.delivery_banner')}
        </Alert>
      )}
    </>
  );
}
