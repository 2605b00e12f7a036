import { cardImageHeightPx, cardImageWidthPx } from '../../../shared/constants';

/** The card picture customers see: holder, type, masked number and expiry. Nothing secret is in it. */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[character] ?? character);

export type CardImageInput = { holderName: string; cardType: 'debit' | 'credit'; lastFour: string; expiryMonth: number; expiryYear: number };

export function renderCardSvg(card: CardImageInput): string {
  const credit = card.cardType === 'credit';
  const background = credit ? ['#12352a', '#0b5d3b'] : ['#0f766e', '#14b8a6'];
  const expiry = `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;
  const holder = escapeXml(card.holderName.toUpperCase().slice(0, 26));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${cardImageWidthPx} ${cardImageHeightPx}" width="${cardImageWidthPx}" height="${cardImageHeightPx}" role="img" aria-label="${escapeXml(`${card.cardType} card ending ${card.lastFour}`)}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient></defs>
  <rect width="428" height="270" rx="18" fill="url(#g)"/>
  <circle cx="370" cy="40" r="120" fill="#ffffff" opacity="0.06"/>
  <circle cx="400" cy="250" r="90" fill="#d4a017" opacity="0.12"/>
  <text x="28" y="48" font-family="Segoe UI, Arial, sans-serif" font-size="20" font-weight="700" fill="#ffffff">Padma Bank</text>
  <text x="400" y="48" text-anchor="end" font-family="Segoe UI, Arial, sans-serif" font-size="15" font-weight="600" fill="#d4a017">${credit ? 'CREDIT' : 'DEBIT'}</text>
  <rect x="28" y="82" width="52" height="38" rx="7" fill="#d4a017"/>
  <path d="M28 101h52M54 82v38" stroke="#8a6a0f" stroke-width="1.5"/>
  <text x="28" y="170" font-family="Consolas, 'Courier New', monospace" font-size="24" letter-spacing="2" fill="#ffffff">•••• •••• •••• ${escapeXml(card.lastFour)}</text>
  <text x="28" y="212" font-family="Segoe UI, Arial, sans-serif" font-size="10" fill="#e8f3ee" opacity="0.8">CARD HOLDER</text>
  <text x="28" y="234" font-family="Segoe UI, Arial, sans-serif" font-size="16" font-weight="600" fill="#ffffff">${holder}</text>
  <text x="330" y="212" font-family="Segoe UI, Arial, sans-serif" font-size="10" fill="#e8f3ee" opacity="0.8">VALID THRU</text>
  <text x="330" y="234" font-family="Consolas, 'Courier New', monospace" font-size="16" fill="#ffffff">${expiry}</text>
</svg>`;
}
