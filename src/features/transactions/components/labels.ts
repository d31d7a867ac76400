import type { PaymentMethodType, PaymentType } from '../../../domain';
import { t } from '../../../i18n';
import { DEFAULT_MONEY, formatMinor } from '../../../ui';

export const methodLabel = (method: PaymentMethodType) => t(`transactions.method.${method}`);
export const typeLabel = (type: PaymentType) => t(`transactions.type.${type}`);
/** Signed minor units in the currency, written in the locale (a refund reads negative). */
export const money = (minor: number, currency: string, locale: string | null) => formatMinor(minor, { currency, locale: locale ?? DEFAULT_MONEY.locale });
