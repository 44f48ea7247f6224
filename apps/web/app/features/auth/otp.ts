import { ErrorCode } from '@croupier/contracts';
import { useCallback, useState } from 'react';
import { codeOf, fieldErrorsOf } from '../../shared/forms/api-errors.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { OTP_RESEND_SECONDS, useCountdown } from './use-countdown.ts';

type Reason = 'registration' | 'phoneVerification' | 'changingPass';

/**
 * Sending a one-time code (api-contract §3.3): a 60 s resend timer; 11005 puts the limit message on
 * the phone field and disables resending; other refusals show the server's message there.
 */
export function useOtpSender(reason: Reason) {
  const t = useT();
  const { left, start } = useCountdown();
  const [limited, setLimited] = useState(false);
  const send = useCallback(
    async (phone: string): Promise<{ ok: true } | { ok: false; phoneError: string }> => {
      try {
        await browserApi().player.otpSend({ body: { phone, reason } });
        start(OTP_RESEND_SECONDS);
        return { ok: true };
      } catch (error) {
        if (codeOf(error) === ErrorCode.otpSendLimit) {
          setLimited(true);
          return { ok: false, phoneError: t('alerts.otpLimit.text') };
        }
        const fields = fieldErrorsOf(error);
        const message =
          fields?.phone ??
          (error instanceof Error && error.message ? error.message : t('alerts.somethingWentWrong.text'));
        return { ok: false, phoneError: message };
      }
    },
    [reason, start, t],
  );
  return { send, secondsLeft: left, limited };
}

/** The code rule: required, exactly 6 digits (the contract's OTP format). */
export const OTP_RULES = { code: [{ name: 'required' as const }, { name: 'digits' as const, params: { param: 6 } }] };
