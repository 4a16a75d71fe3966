import { describe, expect, it } from 'vitest';
import {
  SCAM_HELP_PAYMENT_PATH,
  SCAM_HELP_SAFETY_PATH,
  detectScamSignal,
  normaliseForScan,
} from './scam-signals';

const PAY = 'off_platform_payment';
const CONTACT = 'off_site_contact';

/**
 * Scam phrasings as traders write them (r/mechmarket-style shorthand, typos, obfuscation), with the kind expected
 * and the words the warning should quote.
 */
const SCAMS: Array<[text: string, kind: typeof PAY | typeof CONTACT, matched: string]> = [
  ['can u do paypal f&f to save fees?', PAY, 'paypal f&f'],
  ['zelle me and I ship today', PAY, 'zelle'],
  ['hmu on whatsapp +1 415 555 0199', CONTACT, 'hmu on whatsapp'],
  ['my telegram is @keebdeals', CONTACT, 'my telegram is'],
  ['I only take BTC', PAY, 'BTC'],
  ['send it as gift pls', PAY, 'send it as gift'],
  ['venmo @john-doe', PAY, 'venmo'],
  ['cashapp $keebs4u', PAY, 'cashapp'],
  ['email me at bob at gmail dot com', CONTACT, 'email me at'],
  ['FnF only, G&S is +4%', PAY, 'FnF'],
  ['pp ff and its yours', PAY, 'pp ff'],
  ['Friends and family on paypal please, no fees that way', PAY, 'Friends and family'],
  ['Can you pay via Zelle? checkout is acting up', PAY, 'Zelle'],
  ['I accept zelle only', PAY, 'zelle'],
  ['price drops to $300 if you pay with Cash App', PAY, 'Cash App'],
  ['send to $KeebKing22 and I ship tomorrow', PAY, '$KeebKing22'],
  ['we can do a bank transfer, IBAN below', PAY, 'bank transfer'],
  ['I can wire you the money tomorrow morning', PAY, 'wire you'],
  ['Western Union works for me', PAY, 'Western Union'],
  ['USDT or ETH only, no paypal', PAY, 'USDT'],
  ['send the btc to bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', PAY, 'btc'],
  ['payment to 0x52908400098527886E0F7030069857D2E4169EE7 pls', PAY, '0x52908400098527886E0F7030069857D2E4169EE7'],
  ['can you pay in amazon gift cards?', PAY, 'amazon gift cards'],
  ['I take steam cards', PAY, 'steam cards'],
  ['just pay me directly, the site takes a cut', PAY, 'pay me directly'],
  ['mark it as a gift on paypal so we avoid fees', PAY, 'mark it as a gift'],
  ['v e n m o works', PAY, 'v e n m o'],
  ['ven\u200bmo me', PAY, 'ven\u200bmo'],
  ['z e l l e me', PAY, 'z e l l e'],
  // Cyrillic е and о in "vеnmо".
  ['vеnmо is easiest', PAY, 'vеnmо'],
  ['let\'s continue on w h a t s a p p', CONTACT, 'continue on w h a t s a p p'],
  ['add me on discord keebguy#1234', CONTACT, 'add me on discord'],
  ['text me at 415-555-0199', CONTACT, 'text me at '],
  ['call me (415) 555-0199 after 5', CONTACT, 'call me '],
  ['reach me on Signal, I respond faster there', CONTACT, 'reach me on Signal'],
  ['signal me +44 7700 900123', CONTACT, 'signal'],
  ['my discord is keebking', CONTACT, 'my discord is'],
  ['whats your number? easier to sort shipping by text', CONTACT, 'whats your number'],
  ['bob.keebs@gmail.com, email me there', CONTACT, 'bob.keebs@gmail.com'],
  ['hit me up on insta for more pics', CONTACT, 'hit me up on insta'],
  ['WhatsApp me', CONTACT, 'WhatsApp'],
  ['t.me/keebdeals', CONTACT, 't.me/'],
  ['my cell: 4155550199', CONTACT, 'my cell:'],
  ['Tᴇʟᴇɢʀᴀᴍ? no: ｔｅｌｅｇｒａｍ @keebs', CONTACT, 'ｔｅｌｅｇｒａｍ'],
  // Both kinds: payment wins.
  ['whatsapp me and we can do zelle', PAY, 'zelle'],
  ['Hey! Is it available? I can pay F&F right now, text me at +1 212 555 0147', PAY, 'F&F'],
];

/**
 * Written after the rules, without running them (held-out sets). First set (the last 30 of each list): 1 of 30
 * missed ("Gift it through paypal"), 1 of 30 harmless flagged ("the ETH switches"). Second set (the first 25 of
 * each), run after those fixes: 3 of 25 missed ("paypal friends/family", "pay with chime", "what is your email"),
 * 0 of 25 flagged. The rules were fixed after each; all pass now.
 */
const HELD_OUT_SCAMS: string[] = [
  'I can knock off 10% if you pay F & F',
  'paypal friends/family ok?',
  'just zelle it to me, same as cash',
  'do you take venmo? checkout wont take my card',
  'can pay with chime',
  'send me the money on cashapp then I ship',
  'I need payment by wire first',
  'deposit to my bank account directly',
  'litecoin or bitcoin, your choice',
  'I will send you a steam gift card code',
  'DM me on instagram @keeb.trader',
  'text me 415.555.0199',
  'whatsapp: +1 646 555 0112',
  'we can continue on email, this chat is buggy',
  'my whatsapp number is 6465550112',
  'Telegram @keebsdealer for faster reply',
  'drop your number and I will text you the pics',
  'discord.gg/keebdeals join and ask for me',
  'what is your email? I will send the invoice',
  'add me on line: keebz',
  'shoot me an email at keebs (at) proton dot me',
  'pay outside the site and save 10%',
  'paypal FF please',
  'can you send it as friends and family, I will cover the risk',
  'sendwave or remitly ok?',
  'would you take paypal friends & family? i can send right now',
  'F+F is fine with me',
  'pay thru zelle and its yours',
  'Can I zelle you?',
  'I have zelle, venmo or cash app',
  'venmo is @keebmaster-22',
  'do you have cashapp?',
  '$jdoe2 on cash app',
  'send the funds via bank wire',
  'I can do e-transfer if you are in canada',
  'bitcoin only sorry',
  'I prefer crypto, easier for international',
  'paying with a google play gift card ok?',
  'lets take this to telegram, the site is slow',
  'contact me on whatsapp 07700 900123',
  'add me on snap: keebz',
  'my number is 415 555 0199 text me',
  'email me: seller.keebs@outlook.com',
  'hmu at keebdude at yahoo dot com',
  'move this to discord? my tag is keebguy',
  'msg me on tg @keebs',
  'pls send as friends and family, no fees',
  'w.h.a.t.s.a.p.p me',
  'call me on +447700900123',
  'can we talk on signal instead',
  'apple pay works too',
  'I only accept usdt trc20',
  'pay off platform and I knock $20 off',
  'Gift it through paypal please',
  'send $ to my venmo',
];

const HELD_OUT_HARMLESS: string[] = [
  'GMK Venom? is that the green one?',
  'Zelle colorway keycaps in stock?',
  'my board has a weird signal issue on the rotary encoder',
  'Do you want the Signal or the Gateron Oil Kings?',
  'I wired a custom cable for it',
  'the coil wire is 1.2m',
  'gift wrapped it for my brother',
  'I can cover the fees through checkout',
  '$140 or $130 without the cable',
  'phone is dying, will reply later',
  'Sent the payment through checkout just now',
  'paid via the site, can you confirm?',
  'Lot of 90 switches from 2021',
  'PCB rev 3.1, serial KB-2022-0456',
  '500 sold in the group buy',
  'Can you text a photo of the underside here?',
  'Is it compatible with VIA?',
  'FFF profile? no, it is cherry profile',
  'Tracking 420941109505510222345678 USPS',
  'meet me at the keyboard meetup on 5/12?',
  'which line of switches is this?',
  'the discord community rated it highly',
  'I saw your post on reddit, still for sale?',
  'my friends and family said it sounds thocky',
  'price includes paypal fees already',
  'GMK Zelle R2 is the best colorway',
  'do you still have the zelle set?',
  'lubed my signals with krytox, they feel amazing',
  'Signal 62g springs swapped in',
  'the wire on the stabilizer is bent',
  'usb-c cable with coiled wire and aviator',
  'this would be a great gift for a friend',
  'I paid $350 for it originally',
  'total $185 shipped CONUS',
  'how about $95?',
  'made in 2022, it has 1,234 hours',
  'sold 3 boards here before, check my profile',
  'paypal through checkout is fine',
  'I only do G&S via the site',
  'Happy to pay via checkout right away',
  'Friends and family have been asking me to build them boards',
  'text me once you ship please',
  'can you call it a deal at $200?',
  'the ETH switches? never heard of those',
  'Zeal Telegraph? no, it is a Tealio',
  'can I get your opinion on the sound test?',
  'its in the group buy discord, pinned message',
  'My email notifications say you replied',
  'would you do $300 + shipping?',
  'Stabs clipped, 67g springs, 1.2mm plate',
  'Is 10-12 business days ok for shipping?',
  'item weighs 2.1kg, box is 45x20x10',
  'order number 112-3456789-1234567 from amazon',
  'I can meet at the mall at 6, text me when you arrive',
  'IBM Model M, 1986 build date 07/1986',
];

/** Ordinary keyboard-trade messages, including the traps named in the issue: none may trigger. */
const HARMLESS: string[] = [
  'GMK Zelle keycaps, is it still available?',
  'Is the Zelle base kit still available?',
  'Signal switches lubed with 205g0',
  'Gateron Signal linears, 90 pcs, lubed',
  'are the signal keycaps included? I only saw the alphas',
  'the bluetooth signal drops sometimes on this board',
  'is the coiled wire included?',
  'comes with a coiled cable and a wire keycap puller',
  'telegraph-style aviator connector on the cable',
  'buying it as a gift for my brother',
  'I will send it to my brother as a gift, can you ship to his address?',
  'price is $120 shipped',
  'US$120 or best offer',
  'asking $XXX, make an offer',
  'bought it in 2021, serial 20211105',
  'TX: tracking number 9400111899223100001234',
  'tracking: 1Z999AA10123456784',
  'order #1234 shipped yesterday',
  '65% layout, hotswap, 2.5mm plate',
  'PayPal G&S only through checkout',
  'paypal is fine, I will use checkout',
  'PayPal goods and services through the site please',
  'No F&F, checkout only',
  "I don't do venmo, please buy through the site",
  'text me when it ships',
  'call me crazy but I prefer tactiles',
  'GMK Cash? never heard of that set',
  'I paid cash for it at a meetup, out of pocket $200',
  'my friends and family all use 60% boards',
  'Released 2023-11-05, batch 3',
  'stabs are durock v2, 100 hours of use',
  'the ETA for the group buy is Q3',
  'switch to Gateron yellows, smoother',
  'found it on reddit, is it the same board?',
  'the discord server for the group buy has updates',
  'can you send more pics of the PCB?',
  'will you ship to Canada? I can cover shipping fees',
  'Would you do $250 shipped to 94110?',
  'Cherry MX blacks, 110 pcs, 1.5 years old',
  'Keychron Q1 v2, model number K8-2024',
  'I can meet at 5pm, call me when you are nearby',
  'Happy to send a timestamp: 11/23/2026 with my username',
  'hows the sound? any ping on the spacebar?',
  'DM me here if the price changes',
  'My tracking number is 9405 5112 0620 1234 5678 90',
];

describe('detectScamSignal: scam phrasings', () => {
  it.each(SCAMS)('%s', (text, kind, matched) => {
    const warning = detectScamSignal(text);
    expect(warning).not.toBeNull();
    expect(warning!.kind).toBe(kind);
    expect(warning!.matched).toBe(matched.trim());
    expect(warning!.helpPath).toBe(kind === PAY ? SCAM_HELP_PAYMENT_PATH : SCAM_HELP_SAFETY_PATH);
  });
});

describe('detectScamSignal: harmless trade messages', () => {
  it.each(HARMLESS)('%s', (text) => {
    expect(detectScamSignal(text)).toBeNull();
  });
});

describe('detectScamSignal: held-out scam phrasings', () => {
  it.each(HELD_OUT_SCAMS)('%s', (text) => {
    expect(detectScamSignal(text)).not.toBeNull();
  });
});

describe('detectScamSignal: held-out harmless messages', () => {
  it.each(HELD_OUT_HARMLESS)('%s', (text) => {
    expect(detectScamSignal(text)).toBeNull();
  });
});

describe('detectScamSignal: the sets', () => {
  it('are at least 40 each, as the issue asks', () => {
    expect(SCAMS.length).toBeGreaterThanOrEqual(40);
    expect(HARMLESS.length).toBeGreaterThanOrEqual(40);
  });
});

describe('normaliseForScan', () => {
  it('lowercases, drops zero-width characters, folds look-alikes and joins spaced-out letters', () => {
    expect(normaliseForScan('W\u200bH\u200dA\u200bT\u2060S\uFEFFA\u200bP\u200bP').text).toBe('whatsapp');
    expect(normaliseForScan('W H A T S A P P').text).toBe('whatsapp');
    expect(normaliseForScan('vеnmо').text).toBe('venmo');
    expect(normaliseForScan('ｚｅｌｌｅ').text).toBe('zelle');
    expect(normaliseForScan('Zéllé').text).toBe('zelle');
    expect(normaliseForScan('v-e-n-m-o me').text).toBe('venmo me');
  });
  it('leaves ordinary words and prices alone', () => {
    expect(normaliseForScan('I a GMK set, $120').text).toBe('i a gmk set, $120');
  });
  it('maps every unit back to where it came from', () => {
    const n = normaliseForScan('a v e n m o');
    expect(n.text).toBe('avenmo');
    expect(n.start).toHaveLength(n.text.length);
  });
});

describe('the help paths', () => {
  it('are the two help topics', () => {
    expect(SCAM_HELP_PAYMENT_PATH).toBe('/help/payment');
    expect(SCAM_HELP_SAFETY_PATH).toBe('/help/safety');
  });
});
