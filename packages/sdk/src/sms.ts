/**
 * SMS arithmetic that needs no server: how a text splits into segments (GSM-7 or UCS-2, per
 * 3GPP TS 23.038) and why (which characters forced UCS-2, what GSM-7 stand-ins would save), what
 * a send will cost, and the API's money format (six-digit decimal strings,
 * integer micro-units in code). The mock service charges with this same code, so a preview and
 * the charge never disagree.
 *
 * @example
 * ```ts
 * import { countSegments, estimateCost } from '@msgsvc/sdk/sms';
 *
 * countSegments('Olá! O seu código é 4821').segments; // 1 (UCS-2: "á" is not GSM-7)
 * estimateCost({ text: 'Hello', pricePerSegment: '4.000000', recipients: 1000 }).total; // "4000.000000"
 * ```
 *
 * @module \@msgsvc/sdk/sms
 */
export * from './estimate';
export * from './money';
export * from './segments';
