import type { ScamWarning } from './schemas';

/**
 * Scam signals in chat (issue 14, "beyond the spec"): a message that asks for payment outside the platform's
 * checkout, or moves the talk off the site, gets a warning for its recipient. The rules are a table below; every
 * ambiguous word (a keycap set called Zelle, Signal switches, a coiled wire) only counts next to the words that make
 * it a payment or contact request. The rules and their trade-offs are in docs/decisions/0178-detectscamsignal.md to
 * 0183-measured-and-known-gaps.md. Pure and cheap: a few dozen regular expressions over one normalised copy of a
 * <= 2,000 character text.
 */

/** Help topic explaining why payment goes through checkout (created by the help issue). */
export const SCAM_HELP_PAYMENT_PATH = '/help/payment';
/** Help topic on staying safe: keeping the conversation on the site (created by the help issue). */
export const SCAM_HELP_SAFETY_PATH = '/help/safety';

export type ScamKind = ScamWarning['kind'];

const HELP_PATH: Record<ScamKind, string> = {
  off_platform_payment: SCAM_HELP_PAYMENT_PATH,
  off_site_contact: SCAM_HELP_SAFETY_PATH,
};

/** A test on the text around a match: `before` is anchored at the match's start, `after` at its end. */
interface Around {
  /** Tested on up to WINDOW characters before the match (write it ending with `$`). */
  before?: RegExp;
  /** Tested on up to WINDOW characters after the match (write it starting with `^`). */
  after?: RegExp;
  /** Tested on the WINDOW characters either side (the match itself excluded). */
  near?: RegExp;
}

interface Rule {
  kind: ScamKind;
  /** Global flag required (the rule looks at every occurrence). */
  pattern: RegExp;
  /** For ambiguous words: the match counts only if one of these holds. */
  needs?: Around;
  /** Keyboard-trade vocabulary (or a tracking number) that makes the match harmless. */
  unless?: Around;
}

/** Characters looked at either side of a match for context: about one clause. */
const WINDOW = 40;

// ---- Vocabulary shared by several rules --------------------------------------------------------------------

/** Products and parts a keycap set or switch is named with: "GMK Zelle keycaps", "Signal switches". */
const PRODUCT_AFTER =
  /^\s*(?:keycaps?|caps|key\s*set|set|kit|base|alphas?|mods?|modifiers|novelt(?:y|ies)|switch(?:es)?|linears?|tactiles?|clicky|clickies|stems?|springs?|pcb|plate|case|deskmat|mat|artisans?|colou?rway|gb|group\s*buy|r\d|extension|spacebars?|lubed|keyboard|board|kb)\b/;
/** Keycap and switch makers written before a product name: "GMK Zelle", "Gateron Signal". */
const MAKER_BEFORE =
  /\b(?:gmk|epbt|pbtfans|kat|kam|sa|dsa|xda|mt3|dcs|jtk|domikey|keyreative|enjoypbt|akko|cherry|gateron|kailh|ttc|jwk|durock|tecsee|everglide|zeal|zealios|novelkeys|nk|drop|signature\s+plastics|keykobo|osume|infinikey)\s*$/;
/** "no F&F", "I don't do Venmo": a refusal is not a request. Kept short so "no fees, zelle me" still counts. */
const NEGATION_BEFORE =
  /\b(?:no|not|never|dont|don't|do\s+not|won't|wont|will\s+not|can't|cant|cannot|refuse|without|avoid|isn't|aren't|not\s+accepting|no\s+more)\s+(?:(?:do|use|using|take|taking|accept|accepting|via|through|paypal|pp|any|have|want|pay\s+(?:with|by|via))\s+){0,2}$/;
/** Words that make the digits around them a tracking, order or serial number, never a phone number. */
const NOT_A_PHONE_NEAR =
  /\b(?:tracking|track|tx|usps|ups|fedex|dhl|order|serial|s\/n|sn|invoice|model|part|sku|batch|lot|ticket|ref)\b/;

/** Apps that move the talk off the site; several are also ordinary words (signal, line, snap, discord server). */
const CONTACT_APPS =
  'whats\\s*app|wa|telegram|tg|signal|discord|insta(?:gram)?|ig|facebook|fb|messenger|snap(?:chat)?|kik|wechat|line|skype|viber|reddit|imessage|sms|text|e-?mail|gmail|cell|phone';

/** Places a handle or number is given for: "my discord is", "my number:", "your whatsapp?". */
const HANDLE_PLACES =
  'whats\\s*app(?:\\s+number)?|wa|telegram|tg|signal|discord|insta(?:gram)?|ig|snap(?:chat)?|kik|wechat|skype|viber|line\\s+id|e-?mail(?:\\s+address)?|gmail|number|phone\\s+number|cell(?:\\s+number)?|mobile(?:\\s+number)?|digits';

// ---- The rules ------------------------------------------------------------------------------------------------
// Order does not matter: every rule is tried, payment wins over contact, then the earliest match in the text.

const RULES: readonly Rule[] = [
  // PayPal Friends & Family: the classic. It carries no buyer protection, which is why scammers ask for it
  // (often "to save fees"). "F&F" and "FnF" mean nothing else in a trade. Plain "PayPal" and "G&S" (goods and
  // services, the protected option) are not signals.
  {
    kind: 'off_platform_payment',
    pattern: /(?:\b(?:paypal|pp)\s*)?\bf\s*(?:&|\+|n|'n'|and)\s*f\b|\bfnf\b/g,
  },
  // "FF" alone is also gaming talk ("ff" = forfeit); it counts after PayPal or a paying verb.
  { kind: 'off_platform_payment', pattern: /\b(?:paypal|pp|via|thru|through|send|do|accept|take)\s+ff\b/g },
  // "friends and family" spelled out is ordinary English ("a gift for friends and family"): it counts near a
  // payment word.
  {
    kind: 'off_platform_payment',
    pattern: /\bfriends?\s*(?:&|\+|\/|and|n|'n'|n')\s*fam(?:ily|ilies)?\b/g,
    needs: { near: /\b(?:paypal|pp|pay|paid|payment|send|sent|fees?|via|through|thru)\b/ },
  },
  // PayPal's "gift" / "personal" payment is F&F under another name. "send it as gift" counts only when nothing
  // but "it"/"the money" stands between the verb and "as gift": "send it to my brother as a gift" is shipping.
  { kind: 'off_platform_payment', pattern: /\b(?:paypal|pp)\s+(?:gift|personal)\b/g },
  {
    kind: 'off_platform_payment',
    pattern:
      /\b(?:send|sent|sending|pay|paying|mark|marked|tag|label|select)\s+(?:(?:it|them|that|the\s+(?:money|payment|funds)|payment|money)\s+)?as\s+(?:a\s+)?gift\b/g,
  },
  { kind: 'off_platform_payment', pattern: /\b(?:gift|personal)\s+payment\b/g },
  {
    kind: 'off_platform_payment',
    pattern: /\bgift\s+(?:it|them|the\s+(?:money|payment|funds)|payment)\s+(?:through|thru|via|on|with)\s+(?:paypal|pp)\b/g,
  },
  // Peer-to-peer apps with no buyer protection and no second meaning in a trade.
  {
    kind: 'off_platform_payment',
    pattern:
      /\b(?:venmo|cash\s*app|cash\.app|apple\s*(?:pay|cash)|google\s*pay|gpay|skrill|payoneer|revolut|transferwise|alipay|wechat\s*pay|paysafecard|moneygram|western\s*union|remitly|interac|e-?transfer)\b/g,
  },
  // Zelle: also a keycap set's name ("GMK Zelle"). It counts next to a paying word, never beside a maker or a
  // product noun.
  {
    kind: 'off_platform_payment',
    pattern: /\bzelle\b/g,
    needs: {
      before:
        /\b(?:pay|paid|paying|send|sent|via|through|thru|by|with|on|over|use|do|take|accept|accepts|only|prefer|my|your|ur|have|got|or)\s*$/,
      after: /^\s*(?:me|only|it|you|is|payment|pay|transfer|account|info|details|number|email|or|and|@|:|\$|\d|works?|ok|fine|pls|please)\b|^\s*[@:$]/,
    },
    unless: { before: MAKER_BEFORE, after: PRODUCT_AFTER },
  },
  // Chime (a US bank app) is also a sound: it counts after a paying word.
  {
    kind: 'off_platform_payment',
    pattern: /\bchime\b/g,
    needs: { before: /\b(?:pay|paid|send|sent|via|through|thru|with|by|on|use|take|accept|have|my)\s*$/ },
    unless: { after: PRODUCT_AFTER },
  },
  // A $cashtag (Cash App's handle): "$" then a letter. Prices start with a digit ("$120"), so they never match;
  // currency codes after "$" ("$USD") are excluded.
  {
    kind: 'off_platform_payment',
    pattern: /(?<![\w$])\$(?!(?:usd|cad|aud|nzd|eur|gbp|jpy|sgd|hkd|k|m|x+)\b)[a-z][a-z0-9_]{1,19}\b/g,
  },
  // Bank transfers. "wire" is also a cable ("coiled wire"): it counts as a verb on money or after "by/via".
  {
    kind: 'off_platform_payment',
    pattern:
      /\b(?:bank\s+(?:transfer|deposit|wire|details|account)|wire\s+transfer|wired?\s+(?:me|you|it\s+to|the\s+(?:money|funds|payment)|money|funds|payment)|(?:by|via|through|thru|over)\s+wire|iban|swift\s+code|routing\s+number|sort\s+code|ach\s+transfer|sepa\s+transfer|direct\s+deposit)\b/g,
  },
  // Crypto by name. "sol" and "doge" are left out (Spanish, memes); a wallet address is caught below.
  {
    kind: 'off_platform_payment',
    pattern:
      /\b(?:btc|bitcoins?|eth|ethereum|usdt|usdc|tether|crypto(?:currency|currencies)?|ltc|litecoin|xmr|monero|binance\s+pay|coinbase|wallet\s+address)\b/g,
    // A product named like a coin ("the ETH switches") is not a coin.
    unless: { before: MAKER_BEFORE, after: PRODUCT_AFTER },
  },
  // Wallet addresses: Ethereum 0x + 40 hex; Bitcoin bech32 (bc1...) and legacy (1.../3..., 26-35 characters
  // mixing letters and digits: an all-digit serial or tracking number never matches).
  {
    kind: 'off_platform_payment',
    pattern: /\b(?:0x[0-9a-f]{40}|bc1[a-z0-9]{25,59}|[13](?=[a-z0-9]*[a-z])[a-z0-9]{25,34})\b/g,
  },
  // Gift cards as payment: the scam currency of choice.
  {
    kind: 'off_platform_payment',
    pattern:
      /\b(?:(?:amazon|apple|itunes|google\s*play|steam|visa|ebay|walmart|target|sephora)\s+)?(?:gift\s*cards?|giftcards?)\b|\b(?:amazon|apple|itunes|google\s*play|steam|visa|ebay|walmart|target|sephora)\s+cards?\b/g,
  },
  // Paying outside on purpose: "pay me directly", "pay off the site", "to avoid/save fees".
  {
    kind: 'off_platform_payment',
    pattern:
      /\b(?:pay(?:ing)?\s+(?:me\s+|you\s+)?(?:directly|direct|outside|off\s+(?:the\s+)?(?:site|platform|app))|(?:avoid|save|skip|dodge|without)\s+(?:the\s+)?(?:paypal\s+|platform\s+|site\s+|checkout\s+)?fees)\b/g,
    unless: { after: /^\s*(?:for|on)\s+(?:shipping|postage)\b/ },
  },
  // Mailing cash.
  { kind: 'off_platform_payment', pattern: /\b(?:send|mail|post)\s+(?:me\s+)?cash\b/g },

  // ---- Off-site contact ----
  // Messaging apps with no second meaning in a trade. "telegraph" is a different word (\b).
  { kind: 'off_site_contact', pattern: /\b(?:whats\s*app|whatsap|wa\.me|telegram|t\.me\/|viber|wechat|wickr)\b/g },
  // Signal: also a switch ("Gateron Signal") and an electrical word ("the signal on the PCB"). It counts as a
  // place to talk ("on Signal", "my Signal", "Signal me") and never beside a maker or a product noun.
  {
    kind: 'off_site_contact',
    pattern: /\bsignal\b/g,
    needs: {
      before:
        /\b(?:on|via|through|thru|over|my|your|ur|use|have|got|add\s+me\s+on|hmu\s+on|text\s+me\s+on|message\s+me\s+on)\s*$/,
      after: /^\s*(?:me|app|messenger|number|handle|username|id|chat)\b|^\s*[@:+]/,
    },
    unless: { before: MAKER_BEFORE, after: PRODUCT_AFTER },
  },
  // Talk moved to an app: "hmu on whatsapp", "add me on discord", "let's continue on telegram", "dm me on insta".
  // The verb and the "on/via" make ordinary words (discord, line, text) unambiguous.
  {
    kind: 'off_site_contact',
    pattern: new RegExp(
      `\\b(?:add|dm|pm|message|msg|hit|hmu|contact|reach|ping|talk|chat|continue|move|switch|text|call|email|e-mail)\\b(?:\\s+(?:me|us|him|her|this|it|up|over|out))*\\s+(?:on|via|through|thru|over|to|at)\\s+(?:${CONTACT_APPS})\\b`,
      'g',
    ),
    unless: { after: /^\s*(?:server|group|gb|channel)\b/ },
  },
  // Discord invites and handles: "discord.gg/...", "discord: keebguy#1234". A bare "name#1234" (old Discord
  // tags) only counts with Discord named nearby: "order#1234" is an order.
  {
    kind: 'off_site_contact',
    pattern: /\b(?:discord\.gg\/\S+|discord(?:app)?\.com\/invite\S*|discord\s*[:=@]\s*\S+)/g,
  },
  { kind: 'off_site_contact', pattern: /\b\w{2,32}#\d{4}\b/g, needs: { near: /\bdiscord\b/ } },
  // "my discord / insta / number / email is ...", "what's your number": asking for or giving a handle.
  {
    kind: 'off_site_contact',
    pattern: new RegExp(
      `\\b(?:my|ur|your)\\s+(?:${HANDLE_PLACES})\\s*(?:is|=|:|#|@)`,
      'g',
    ),
    // "my signal is weak", "my number is wrong": not a handle being given.
    unless: { after: /^\s*(?:not|n't|broken|dead|off|weak|bad|busy|down|wrong|fine|ok|good|great)\b/ },
  },
  {
    kind: 'off_site_contact',
    pattern:
      /\b(?:what'?s|whats|what\s+is|give\s+me|send\s+me|drop|share|dm\s+me|pm\s+me|can\s+i\s+get|can\s+i\s+have)\s+(?:me\s+)?(?:your|ur)\s+(?:number|phone|cell|mobile|digits|whatsapp|telegram|discord|email|e-mail|insta|ig|snap)\b/g,
  },
  // "email me at", "text me at 415...": only with somewhere to go. A bare "text me when it ships" is usually
  // meant as "message me here", and without a number it moves nothing; "call me at 5pm" is a time, so text and
  // call need a number-like start (3 digits or "+") after them.
  { kind: 'off_site_contact', pattern: /\b(?:email|e-mail|mail)\s+me\s+(?:at|@|on|:)/g },
  {
    kind: 'off_site_contact',
    pattern: /\b(?:text|txt|call|sms|ring|phone)\s+me\s*(?:at|on|:)?\s*(?=\+\d|\(?\d{3}\)?[\s.-]?\d)/g,
  },
  // Email addresses, written or spelled out ("bob at gmail dot com", "bob (at) proton"). The spelled form needs
  // the word "dot" or a mail provider: "I got it at work. Me too" is not an address.
  {
    kind: 'off_site_contact',
    pattern:
      /\b[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b|\b[a-z0-9._-]+\s*(?:\(at\)|\[at\]|\sat\s)\s*(?:[a-z0-9-]+\s*(?:\(dot\)|\[dot\]|\sdot\s)\s*(?:com|net|org|me|io|co|de|uk|ca|fr|nl|edu)|(?:gmail|yahoo|hotmail|outlook|icloud|proton(?:mail)?|aol|gmx)\b)/g,
  },
  // Phone numbers: phone-like structure required, so dates, prices, serials and model numbers do not match.
  // North American 3-3-4 with separators; or "+" and 7-15 digits with single separators (E.164).
  {
    kind: 'off_site_contact',
    pattern: /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b|\+\d(?:[\s.-]?\d){6,14}\b/g,
    unless: { near: NOT_A_PHONE_NEAR },
  },
  // A bare run of 10-15 digits counts only as a phone number beside a phone word; "tracking number 9400...",
  // "serial 20211105" and order numbers are excluded above the 15-digit E.164 limit or by their words.
  {
    kind: 'off_site_contact',
    pattern: /(?<![\d.,$])\d{10,15}(?![\d.,%])/g,
    needs: { near: /\b(?:phone|cell|mobile|call|text|txt|sms|whats\s*app|telegram|signal|reach|tel|number|digits)\b/ },
    unless: { near: NOT_A_PHONE_NEAR },
  },
];

// ---- Normalisation ----------------------------------------------------------------------------------------------

/** Latin look-alikes from Cyrillic and Greek (the usual ones in spam: "vеnmо" with a Cyrillic e and o). */
const CONFUSABLES: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w',
  ո: 'n', ѵ: 'v', к: 'k', м: 'm', т: 't', в: 'b', н: 'h',
  // Typographic apostrophe, so "don’t do venmo" reads as a refusal like "don't".
  '\u2019': "'", '\u02bc': "'",
  α: 'a', ο: 'o', ρ: 'p', ν: 'v', ε: 'e', ι: 'i', κ: 'k', τ: 't', υ: 'u', χ: 'x', ζ: 'z', η: 'n', μ: 'u',
};

/** Zero-width and other invisible format characters ("ven\u200bmo"): dropped. Combining marks go in NFKD. */
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/u;

/** Three or more single letters each followed by one separator: "v e n m o", "w.h.a.t.s.a.p.p", "z-e-l-l-e". */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:(?:[ \t]{1,2}|[.\-_*·•~|])\p{L}(?![\p{L}\p{N}])){2,}/gu;

const ASCII = /^[\x00-\x7f]*$/;

interface Normalised {
  text: string;
  /** For each UTF-16 unit of `text`, where its source character starts and ends in the input. */
  start: number[];
  end: number[];
}

/**
 * Lower case, compatibility forms folded (full-width and math letters), accents and invisible characters dropped,
 * Cyrillic/Greek look-alikes mapped to Latin, spaced-out letters joined. Keeps a map back to the input so
 * `matched` quotes the message as written.
 */
export function normaliseForScan(input: string): Normalised {
  const units: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  let at = 0;
  // Most messages are plain ASCII: nothing to fold, drop or map, one unit each (a typical message: 25 -> 11 µs).
  if (ASCII.test(input)) {
    const lower = input.toLowerCase();
    for (let k = 0; k < lower.length; k++) {
      units.push(lower[k]!);
      start.push(k);
      end.push(k + 1);
    }
    return joinSpacedLetters(units, start, end);
  }
  for (const ch of input) {
    const from = at;
    at += ch.length;
    if (INVISIBLE.test(ch)) continue;
    const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    for (const c of folded) {
      const mapped = CONFUSABLES[c] ?? c;
      for (let k = 0; k < mapped.length; k++) {
        units.push(mapped[k]!);
        start.push(from);
        end.push(at);
      }
    }
  }
  return joinSpacedLetters(units, start, end);
}

function joinSpacedLetters(units: string[], start: number[], end: number[]): Normalised {
  let text = units.join('');
  // Join spaced-out letters by dropping the separators inside each run (and their map entries).
  const drop = new Set<number>();
  for (const run of text.matchAll(SPACED_LETTERS)) {
    for (let k = run.index; k < run.index + run[0].length; k++) {
      if (!/\p{L}/u.test(text[k]!)) drop.add(k);
    }
  }
  if (drop.size > 0) {
    const keep = (_: unknown, k: number) => !drop.has(k);
    text = units.filter(keep).join('');
    return { text, start: start.filter(keep), end: end.filter(keep) };
  }
  return { text, start, end };
}

function holds(around: Around, text: string, from: number, to: number): boolean {
  const before = text.slice(Math.max(0, from - WINDOW), from);
  const after = text.slice(to, to + WINDOW);
  return (
    (around.before?.test(before) ?? false) ||
    (around.after?.test(after) ?? false) ||
    (around.near?.test(`${before} ${after}`) ?? false)
  );
}

/**
 * The scam signal in a chat message, or null. Payment outside checkout wins over off-site contact (it is the
 * costlier mistake); within a kind, the earliest match in the message is quoted.
 */
export function detectScamSignal(text: string): ScamWarning | null {
  const n = normaliseForScan(text);
  let best: { kind: ScamKind; from: number; to: number } | null = null;
  for (const rule of RULES) {
    for (const m of n.text.matchAll(rule.pattern)) {
      const from = m.index;
      const to = from + m[0].length;
      if (rule.needs && !holds(rule.needs, n.text, from, to)) continue;
      if (rule.unless && holds(rule.unless, n.text, from, to)) continue;
      if (NEGATION_BEFORE.test(n.text.slice(Math.max(0, from - WINDOW), from))) continue;
      const better =
        !best ||
        (rule.kind === 'off_platform_payment' && best.kind === 'off_site_contact') ||
        (rule.kind === best.kind && from < best.from);
      if (better) best = { kind: rule.kind, from, to };
      break; // the first counting occurrence of a rule is its earliest
    }
  }
  if (!best) return null;
  const matched = text.slice(n.start[best.from], n.end[best.to - 1]).trim();
  return { kind: best.kind, matched, helpPath: HELP_PATH[best.kind] };
}
