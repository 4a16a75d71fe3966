import type { CategoryId, RegionCode } from '@keeb/shared';

/** Demo sellers. Every demo account is flagged is_demo and shares the password in DEMO_PASSWORD (README). */
export const DEMO_USERS = [
  { username: 'demo_tofu', region: 'US', bio: 'Collector of 65% boards and GMK sets. Ships within 48h.' },
  { username: 'demo_lubed', region: 'CA', bio: 'Switch nerd. Every switch I sell is hand-lubed with 205g0.' },
  { username: 'demo_cherry', region: 'UK', bio: 'Selling the overflow of too many group buys.' },
  { username: 'demo_artisan', region: 'EU', bio: 'Artisan keycap maker and trader. Resin, cast in small batches.' },
  { username: 'demo_thock', region: 'AU', bio: 'Thocky boards only. Aussie shipping is expensive, sorry!' },
  { username: 'demo_vendor', region: 'AS', bio: 'Small shop: in-stock parts, cables and accessories.' },
] as const satisfies ReadonlyArray<{ username: string; region: RegionCode; bio: string }>;

export const DEMO_PASSWORD = 'demo-password';

type Palette = readonly [string, string, string];
type DemoUsername = (typeof DEMO_USERS)[number]['username'];

export interface DemoListing {
  name: string;
  category: CategoryId;
  price: number;
  seller: DemoUsername;
  description: string;
  palette: Palette;
  vendor?: boolean;
  /** Open to trades (issue 28), and what the seller would take: the forum's '[W]'. */
  lookingFor?: string;
}

// Colours for the generated photos: [case or base, alpha keys, accent keys].
const OLIVIA: Palette = ['#f3e6e2', '#2b2b2b', '#e8a7a2'];
const BOW: Palette = ['#f4f4f2', '#1d1d1d', '#9a9a9a'];
const LASER: Palette = ['#241b3a', '#e14eca', '#33d6e6'];
const BOTANICAL: Palette = ['#e9e4d4', '#4c6b4d', '#c9a86a'];
const NAVY: Palette = ['#1f2b44', '#d8dce6', '#e0b84a'];
const MINT: Palette = ['#d6efe6', '#4a6f63', '#f6f1e7'];
const RED: Palette = ['#1c1c1c', '#f1efe8', '#c8323c'];
const SAND: Palette = ['#d9cbb3', '#3d3a36', '#8c6b4f'];
const ICE: Palette = ['#dfeaf3', '#5a7ca3', '#ffffff'];
const OLIVE: Palette = ['#5b6147', '#ece6d6', '#b9a06b'];

export const DEMO_LISTINGS: DemoListing[] = [
  { name: 'Tofu65 Aluminum Kit - E-White, Brass Plate', category: 'keyboards', price: 185, seller: 'demo_tofu', palette: BOW, description: 'Built once, barely used.\nIncludes brass plate, hot-swap PCB and original box.\nNo dings on the case.', lookingFor: 'GMK Olivia or Botanical base kit, cash either way' },
  { name: 'Keychron Q1 Pro - Carbon Black, Banana Switches', category: 'keyboards', price: 160, seller: 'demo_tofu', palette: RED, description: 'Wireless 75% with the knob. Stock banana switches, stabs tuned and lubed.' },
  { name: 'Mode Sonnet - Dark Grey, Polycarbonate Plate', category: 'keyboards', price: 420, seller: 'demo_thock', palette: NAVY, description: 'Gasket mount 75%, polycarb plate. Built with Gateron Oil Kings. Deep thock.', lookingFor: 'A TKL of similar value (Owlab Spring?) + cash from me' },
  { name: 'KBD67 Lite R4 - Frosted White (built)', category: 'keyboards', price: 110, seller: 'demo_lubed', palette: ICE, description: 'Hot-swap 65%, lubed Gateron Yellows, foam mod. Keycaps not included.' },
  { name: 'Bakeneko60 - Navy, FR4 Plate, Unbuilt', category: 'keyboards', price: 135, seller: 'demo_cherry', palette: NAVY, description: 'O-ring style 60%. Unbuilt, everything still sealed.' },
  { name: 'Zoom75 EE - Milk Tea, Wireless', category: 'keyboards', price: 260, seller: 'demo_thock', palette: SAND, description: 'Tri-mode Zoom75 with screen module. Lightly used for a month.' },
  { name: 'Owlab Spring - Anodized Olive, TKL', category: 'keyboards', price: 390, seller: 'demo_cherry', palette: OLIVE, description: 'Leaf-spring TKL, alu plate. Switches: Cherry MX Blacks, lubed.' },
  { name: 'NK65 Entry Edition - Mint', category: 'keyboards', price: 95, seller: 'demo_lubed', palette: MINT, description: 'Great starter 65%. Hot-swap, RGB. Comes with stock caps.' },
  { name: 'Keycult No. 2/65 - Raw Brass Weight', category: 'keyboards', price: 1150, seller: 'demo_tofu', palette: BOTANICAL, description: 'Grail board. Built with lubed vintage blacks. Shipping insured only.' },
  { name: 'Satisfaction75 - Laser Purple', category: 'keyboards', price: 480, seller: 'demo_artisan', palette: LASER, description: 'With OLED and encoder. Some minor scratches on the bottom, see photos.', lookingFor: 'Artisans or a 65% with an encoder' },
  { name: 'GMK Olivia++ Base Kit', category: 'keycaps', price: 240, seller: 'demo_cherry', palette: OLIVIA, description: 'Base kit only, mounted once for photos. Doubleshot ABS, Cherry profile.', lookingFor: 'Tofu65 or KBD67 build, I add cash if needed' },
  { name: 'GMK Botanical R2 - Base + Novelties', category: 'keycaps', price: 210, seller: 'demo_lubed', palette: BOTANICAL, description: 'Base and novelties. Minor shine on spacebar.', lookingFor: 'GMK Olivia++ or any GMK with a light base' },
  { name: 'GMK Laser Cyberdeck', category: 'keycaps', price: 155, seller: 'demo_artisan', palette: LASER, description: 'Cyberdeck kit, sealed in tray.' },
  { name: 'ePBT Black on White (BoW) - Full Kit', category: 'keycaps', price: 85, seller: 'demo_tofu', palette: BOW, description: 'Dye-sub PBT, thick and textured. Covers 60% to full size.' },
  { name: 'GMK Red Samurai - Base', category: 'keycaps', price: 175, seller: 'demo_thock', palette: RED, description: 'Classic. Used for a week. Comes with storage tray.' },
  { name: 'KAT Milkshake - Alpha + Mods', category: 'keycaps', price: 95, seller: 'demo_cherry', palette: MINT, description: 'KAT profile pastel set. No shine at all.', lookingFor: 'SA Bliss or other pastel sets' },
  { name: 'SA Bliss - Base Kit', category: 'keycaps', price: 130, seller: 'demo_thock', palette: ICE, description: 'Tall SA profile, sculpted. Very comfortable.' },
  { name: 'MT3 Cyber - Alphas', category: 'keycaps', price: 110, seller: 'demo_lubed', palette: NAVY, description: 'Drop MT3 profile, deep-dish. Alphas only.' },
  { name: 'GMK Olive - Base Kit (sealed)', category: 'keycaps', price: 150, seller: 'demo_vendor', palette: OLIVE, description: 'In stock, ships from our warehouse.', vendor: true },
  { name: 'JTK Night Sakura - Base', category: 'keycaps', price: 90, seller: 'demo_artisan', palette: OLIVIA, description: 'Cherry profile ABS doubleshot from JTK.' },
  { name: 'Jelly Key "Zen Pond" Artisan Keycap', category: 'artisan', price: 140, seller: 'demo_artisan', palette: MINT, description: 'Cherry MX stem, resin artisan with koi inside. Rare colourway.' },
  { name: 'Dwarf Factory "Spirit Fox" Artisan', category: 'artisan', price: 75, seller: 'demo_artisan', palette: SAND, description: 'Fox spirit sculpt, fits MX stems. Escape key size.' },
  { name: 'Hot Keys Project "Kaiju" - Sakura Blank', category: 'artisan', price: 95, seller: 'demo_cherry', palette: OLIVIA, description: 'Sakura colourway blank Kaiju, never mounted.' },
  { name: 'Alpha Keycaps "Mini Brain" - Neon', category: 'artisan', price: 60, seller: 'demo_tofu', palette: LASER, description: 'Glow-in-the-dark. Photos taken under black light.' },
  { name: 'Rama Works "Moon" Escape Key', category: 'artisan', price: 70, seller: 'demo_thock', palette: NAVY, description: 'Aluminum artisan, anodized navy. Heavy and cold to the touch.' },
  { name: 'Keyforge "Cat Paw" Artisan - Cream', category: 'artisan', price: 55, seller: 'demo_lubed', palette: BOTANICAL, description: 'Cute paw sculpt, cream and green.' },
  { name: 'Clackeys "Bonsai" Resin Artisan', category: 'artisan', price: 120, seller: 'demo_artisan', palette: OLIVE, description: 'Tiny bonsai tree in clear resin. Handmade, one of one.' },
  { name: 'Ice Cap Keycaps "Winter Wolf"', category: 'artisan', price: 85, seller: 'demo_cherry', palette: ICE, description: 'Howling wolf sculpt, translucent blue.' },
  { name: 'Gateron Oil King Switches (x90), lubed', category: 'parts', price: 65, seller: 'demo_lubed', palette: RED, description: 'Hand-lubed with 205g0 on the housing and slider. Springs stock.' },
  { name: 'Cherry MX Black Hyperglide (x70)', category: 'parts', price: 45, seller: 'demo_cherry', palette: BOW, description: 'Pulled from a build after two weeks. Lubed with 205g0 and filmed.' },
  { name: 'Durock V2 Stabilizers - Full Set, Clipped and Lubed', category: 'parts', price: 28, seller: 'demo_lubed', palette: ICE, description: 'Screw-in stabs, clipped, holee-modded, lubed with dielectric grease.' },
  { name: 'Holy Panda X Switches (x70)', category: 'parts', price: 58, seller: 'demo_thock', palette: SAND, description: 'Tactile. Brand new in bag.' },
  { name: 'Tofu65 Hot-Swap PCB (DZ65RGB V3)', category: 'parts', price: 40, seller: 'demo_tofu', palette: MINT, description: 'Works perfectly, tested every switch socket.' },
  { name: 'Brass Plate - 65% Universal', category: 'parts', price: 35, seller: 'demo_vendor', palette: BOTANICAL, description: 'In stock. Fits most 65% cases.', vendor: true },
  { name: 'Poron Case Foam for 75% Boards', category: 'parts', price: 15, seller: 'demo_vendor', palette: OLIVE, description: 'Precut case foam, 3.5 mm.', vendor: true },
  { name: 'Zeal Tealios V2 Linear Switches (x90)', category: 'parts', price: 95, seller: 'demo_cherry', palette: LASER, description: 'Smooth linears. Lightly used, lubed.' },
  { name: 'Coiled Aviator Cable - Navy and Gold', category: 'accessories', price: 45, seller: 'demo_vendor', palette: NAVY, description: 'USB-C to USB-A, GX16 aviator connector. 1.5 m.', vendor: true },
  { name: 'Walnut Wrist Rest - 65%', category: 'accessories', price: 38, seller: 'demo_thock', palette: SAND, description: 'Solid walnut, oil finished, rubber feet.' },
  { name: 'Deskmat - GMK Olivia Dark', category: 'accessories', price: 30, seller: 'demo_cherry', palette: OLIVIA, description: '900x400 mm, stitched edges. Used on my desk for a month.' },
  { name: 'Switch Opener + Lube Station Bundle', category: 'accessories', price: 25, seller: 'demo_lubed', palette: MINT, description: 'Aluminum opener and 3D-printed lube station for 16 switches.' },
  { name: 'Keycap Puller + Switch Puller Combo', category: 'accessories', price: 9.5, seller: 'demo_vendor', palette: RED, description: 'Stainless steel wire puller and switch puller.', vendor: true },
  { name: 'Acrylic Dust Cover - TKL', category: 'accessories', price: 32, seller: 'demo_tofu', palette: ICE, description: 'Clear acrylic cover, keeps cats off your keys.' },
  { name: 'Laser Deskmat - Cyberdeck', category: 'accessories', price: 27.5, seller: 'demo_artisan', palette: LASER, description: 'Neon grid deskmat, 900x400.' },
  { name: 'Botanical Coiled Cable - Green', category: 'accessories', price: 42, seller: 'demo_lubed', palette: BOTANICAL, description: 'Custom coiled cable with YC8 connector.' },
  { name: 'Leather Keyboard Sleeve - 65%', category: 'accessories', price: 36, seller: 'demo_thock', palette: OLIVE, description: 'Full grain leather sleeve for travel.' },
];

/**
 * Sales between demo users over the last months, so a fresh start shows a sold-price history (issue 16) for common
 * searches ('GMK', 'keycaps', 'Olivia', 'Tofu65', 'Keychron Q1', 'Zoom75', 'Holy Panda'). A sale shows the photos
 * of the listing on sale named in `photosOf`, the same product: rendering photos of its own would double the time
 * the demo takes to load.
 */
export interface DemoSale {
  name: string;
  category: CategoryId;
  /** What the buyer paid for it, shipping aside. */
  price: number;
  seller: DemoUsername;
  buyer: DemoUsername;
  daysAgo: number;
  photosOf: string;
  description: string;
  vendor?: boolean;
}

const OLIVIA_PHOTOS = 'GMK Olivia++ Base Kit';
const TOFU_PHOTOS = 'Tofu65 Aluminum Kit - E-White, Brass Plate';
const Q1_PHOTOS = 'Keychron Q1 Pro - Carbon Black, Banana Switches';
const ZOOM_PHOTOS = 'Zoom75 EE - Milk Tea, Wireless';
const PANDA_PHOTOS = 'Holy Panda X Switches (x70)';

export const DEMO_SALES: DemoSale[] = [
  { name: 'GMK Olivia++ R2 Base Kit', category: 'keycaps', price: 255, seller: 'demo_tofu', buyer: 'demo_lubed', daysAgo: 12, photosOf: OLIVIA_PHOTOS, description: 'Doubleshot ABS keycaps, Cherry profile. Mounted once.' },
  { name: 'GMK Olivia++ Base + Novelties', category: 'keycaps', price: 310, seller: 'demo_artisan', buyer: 'demo_cherry', daysAgo: 47, photosOf: OLIVIA_PHOTOS, description: 'Base and novelty keycaps, never mounted.' },
  { name: 'GMK Olivia Light Base Kit', category: 'keycaps', price: 225, seller: 'demo_thock', buyer: 'demo_tofu', daysAgo: 95, photosOf: OLIVIA_PHOTOS, description: 'Light base keycaps, slight shine on the spacebar.' },
  { name: 'GMK Botanical R2 - Base', category: 'keycaps', price: 190, seller: 'demo_cherry', buyer: 'demo_thock', daysAgo: 30, photosOf: 'GMK Botanical R2 - Base + Novelties', description: 'Base kit keycaps only.' },
  { name: 'GMK Botanical - Base Kit (sealed)', category: 'keycaps', price: 205, seller: 'demo_vendor', buyer: 'demo_artisan', daysAgo: 140, photosOf: 'GMK Botanical R2 - Base + Novelties', description: 'In stock, sealed keycaps.', vendor: true },
  { name: 'GMK Red Samurai - Base + Spacebars', category: 'keycaps', price: 165, seller: 'demo_lubed', buyer: 'demo_vendor', daysAgo: 200, photosOf: 'GMK Red Samurai - Base', description: 'Classic keycaps with the spacebar kit.' },
  { name: 'GMK Laser - Cyberdeck + Base', category: 'keycaps', price: 170, seller: 'demo_tofu', buyer: 'demo_artisan', daysAgo: 260, photosOf: 'GMK Laser Cyberdeck', description: 'Cyberdeck and base keycaps in trays.' },
  { name: 'Tofu65 Aluminum Kit - Black', category: 'keyboards', price: 170, seller: 'demo_lubed', buyer: 'demo_cherry', daysAgo: 8, photosOf: TOFU_PHOTOS, description: 'Aluminum case, hot-swap PCB, plate. No keycaps.' },
  { name: 'Tofu65 Kit - E-White, Brass Plate', category: 'keyboards', price: 190, seller: 'demo_cherry', buyer: 'demo_thock', daysAgo: 60, photosOf: TOFU_PHOTOS, description: 'Built once, brass plate, box included.' },
  { name: 'Tofu65 Aluminum - Grey, FR4 Plate', category: 'keyboards', price: 175, seller: 'demo_thock', buyer: 'demo_lubed', daysAgo: 180, photosOf: TOFU_PHOTOS, description: 'Flexy FR4 plate, foam mod.' },
  { name: 'Keychron Q1 Pro - Shell White', category: 'keyboards', price: 150, seller: 'demo_artisan', buyer: 'demo_tofu', daysAgo: 20, photosOf: Q1_PHOTOS, description: 'Wireless, knob version, stock switches.' },
  { name: 'Keychron Q1 - Navy, Gateron Browns', category: 'keyboards', price: 135, seller: 'demo_cherry', buyer: 'demo_lubed', daysAgo: 110, photosOf: Q1_PHOTOS, description: 'Wired Q1, stabs tuned.' },
  { name: 'Keychron Q1 Pro - Carbon Black', category: 'keyboards', price: 165, seller: 'demo_thock', buyer: 'demo_artisan', daysAgo: 230, photosOf: Q1_PHOTOS, description: 'Barely used, all accessories.' },
  { name: 'Zoom75 EE - Milk Tea', category: 'keyboards', price: 250, seller: 'demo_tofu', buyer: 'demo_thock', daysAgo: 15, photosOf: ZOOM_PHOTOS, description: 'Tri-mode, lightly used.' },
  { name: 'Zoom75 - Anodized Blue, Wireless', category: 'keyboards', price: 240, seller: 'demo_cherry', buyer: 'demo_tofu', daysAgo: 75, photosOf: ZOOM_PHOTOS, description: 'Wireless Zoom75, no screen module.' },
  { name: 'Zoom75 EE - Black, Screen Module', category: 'keyboards', price: 275, seller: 'demo_lubed', buyer: 'demo_cherry', daysAgo: 300, photosOf: ZOOM_PHOTOS, description: 'With the screen module and a spare plate.' },
  { name: 'Holy Panda X Switches (x65)', category: 'parts', price: 55, seller: 'demo_cherry', buyer: 'demo_tofu', daysAgo: 5, photosOf: PANDA_PHOTOS, description: 'Tactile, new in bag.' },
  { name: 'Holy Panda Switches (x90), lubed', category: 'parts', price: 72, seller: 'demo_lubed', buyer: 'demo_thock', daysAgo: 40, photosOf: PANDA_PHOTOS, description: 'Lubed with 205g0, films.' },
  { name: 'Holy Panda X Switches (x35)', category: 'parts', price: 30, seller: 'demo_artisan', buyer: 'demo_lubed', daysAgo: 160, photosOf: PANDA_PHOTOS, description: 'Half a set, pulled from a build.' },
];
