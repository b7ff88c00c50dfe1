import { type OrderView, STORE_NAME } from '@seamline/shared';
import type { PaymentSettings } from '../../config-payments.js';
import { escapeHtml, usd } from '../../lib/html.js';
import type { Mail } from '../../lib/mail.js';
import { bankTransferInstructions } from './payment-terms.js';

type OrderMailKind = 'order_confirmation' | 'order_shipped';

/**
 * Where a shopper follows the order: the storefront's tracking page (guests and customers alike). Only the number is
 * in the link; the page asks for the e-mail, so an address never lands in URLs (history, logs, referrers).
 */
export function trackingLink(publicUrl: string, order: Pick<OrderView, 'orderNumber'>): string {
  const query = new URLSearchParams({ order: order.orderNumber });
  return `${publicUrl}/shop/track?${query.toString()}`;
}

const lineText = (item: OrderView['items'][number]) =>
  `${item.quantity} × ${item.product.name} (${item.size} / ${item.color}) — ${usd(item.total)}`;

function totalsRows(order: OrderView): [string, string][] {
  return [
    ['Subtotal', usd(order.subtotal)],
    ...(order.discount > 0
      ? [[`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, `−${usd(order.discount)}`] as [string, string]]
      : []),
    ['Shipping', usd(order.shipping)],
    ['Tax', usd(order.tax)],
    ['Total', usd(order.total)],
  ];
}

/** The order as text and as an HTML table: its lines and totals, the part both mails share. */
function orderSummary(order: OrderView): { text: string; html: string } {
  const totals = totalsRows(order);
  const text = [...order.items.map(lineText), '', ...totals.map(([label, value]) => `${label}: ${value}`)].join('\n');
  const cell = 'padding:6px 8px;border-bottom:1px solid #e7e5e4';
  const lines = order.items
    .map(
      (item) =>
        `<tr><td style="${cell}">${escapeHtml(item.product.name)}<br><small>${escapeHtml(item.size)} / ` +
        `${escapeHtml(item.color)}</small></td><td style="${cell};text-align:center">${item.quantity}</td>` +
        `<td style="${cell};text-align:right">${usd(item.total)}</td></tr>`,
    )
    .join('');
  const sums = totals
    .map(
      ([label, value]) =>
        `<tr><td colspan="2" style="padding:4px 8px;text-align:right">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 8px;text-align:right">${label === 'Total' ? `<strong>${value}</strong>` : value}</td></tr>`,
    )
    .join('');
  const html =
    '<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">' +
    `<thead><tr><th style="${cell};text-align:left">Item</th><th style="${cell}">Qty</th>` +
    `<th style="${cell};text-align:right">Total</th></tr></thead><tbody>${lines}${sums}</tbody></table>`;
  return { text, html };
}

/** A mail's HTML frame: the store's name on top, the content, a short footer. */
function frame(title: string, content: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    '<body style="margin:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">' +
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px">' +
    `<p style="font-size:20px;font-weight:bold;letter-spacing:.05em;margin:0 0 16px">${STORE_NAME}</p>` +
    `${content}<p style="margin-top:24px;font-size:12px;color:#78716c">${STORE_NAME} — thank you for shopping with us.</p>` +
    '</div></body></html>'
  );
}

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1c1917;color:#ffffff;padding:10px 16px;` +
  `text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>`;

function orderMail(
  kind: OrderMailKind,
  order: OrderView,
  publicUrl: string,
  parts: { subject: string; intro: string[]; extraText?: string[]; extraHtml?: string },
): Mail | null {
  const to = order.email;
  if (!to) return null;
  const name = order.customer?.firstName || order.shippingAddress.firstName;
  const link = trackingLink(publicUrl, order);
  const summary = orderSummary(order);
  const body = [
    `Hello ${name},`,
    '',
    ...parts.intro,
    ...(parts.extraText ?? []),
    '',
    summary.text,
    '',
    `Track your order: ${link}`,
    '',
    `${STORE_NAME}`,
  ].join('\n');
  const html = frame(
    parts.subject,
    `<p>Hello ${escapeHtml(name)},</p>${parts.intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}` +
      `${parts.extraHtml ?? ''}${summary.html}${button(link, 'Track your order')}`,
  );
  return { to, kind, subject: parts.subject, body, html };
}

/** Sent when the order is paid (POST /payments/confirm accepted): the order is then firm. */
export function orderConfirmationMail(order: OrderView, publicUrl: string): Mail | null {
  return orderMail('order_confirmation', order, publicUrl, {
    subject: `${STORE_NAME} order ${order.orderNumber} confirmed`,
    intro: [`Thank you for your order ${order.orderNumber}. We have received your payment and are getting it ready.`],
  });
}

/** A deadline as a shopper reads it in a mail: "Wednesday, 9 December 2026" (UTC, the server's clock). */
const mailDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Sent when a cash-on-delivery or bank-transfer order is placed (nothing is paid through a provider, so there is no
 * payment to wait for): cash says it is paid to the courier; a transfer gives the account, the order's reference, the
 * amount and the deadline after which the order is cancelled.
 */
export function orderPlacedMail(order: OrderView, publicUrl: string, settings: PaymentSettings): Mail | null {
  const subject = `${STORE_NAME} order ${order.orderNumber} confirmed`;
  if (order.paymentMethod === 'cash')
    return orderMail('order_confirmation', order, publicUrl, {
      subject,
      intro: [
        `Thank you for your order ${order.orderNumber}. We are getting it ready.`,
        `You pay ${usd(order.total)} in cash on delivery, when the courier hands you the parcel.`,
      ],
    });
  const bank = bankTransferInstructions(settings, order);
  if (!bank) return null;
  const rows: [string, string][] = [
    ['Account name', bank.accountName],
    ['IBAN', bank.iban],
    ...(bank.bic ? [['BIC', bank.bic] as [string, string]] : []),
    ...(bank.bankName ? [['Bank', bank.bankName] as [string, string]] : []),
    ['Reference', bank.reference],
    ['Amount', usd(bank.amount)],
    ['Pay by', mailDate(bank.dueAt)],
  ];
  const cell = 'padding:4px 8px;border-bottom:1px solid #e7e5e4';
  return orderMail('order_confirmation', order, publicUrl, {
    subject,
    intro: [
      `Thank you for your order ${order.orderNumber}. Please pay it by bank transfer to the account below, with the ` +
        'reference exactly as shown so we can match your payment.',
      `We keep your items until ${mailDate(bank.dueAt)}; if the transfer has not arrived by then the order is cancelled.`,
    ],
    extraText: ['', ...rows.map(([label, value]) => `${label}: ${value}`)],
    extraHtml:
      '<table role="presentation" style="border-collapse:collapse;font-size:14px;margin:8px 0 16px">' +
      rows
        .map(
          ([label, value]) =>
            `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell}"><strong>${escapeHtml(value)}` +
            '</strong></td></tr>',
        )
        .join('') +
      '</table>',
  });
}

/** Sent when staff move the order to shipped: the tracking number when there is one, and the tracking link. */
export function orderShippedMail(order: OrderView, publicUrl: string): Mail | null {
  const carrier = order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : [];
  const carrierLink = order.trackingUrl ? [`Carrier tracking: ${order.trackingUrl}`] : [];
  return orderMail('order_shipped', order, publicUrl, {
    subject: `${STORE_NAME} order ${order.orderNumber} has shipped`,
    intro: [`Good news: your order ${order.orderNumber} is on its way.`],
    extraText: [...carrier, ...carrierLink],
    extraHtml:
      (order.trackingNumber ? `<p>Tracking number: <strong>${escapeHtml(order.trackingNumber)}</strong></p>` : '') +
      (order.trackingUrl ? `<p>Carrier tracking: ${escapeHtml(order.trackingUrl)}</p>` : ''),
  });
}
