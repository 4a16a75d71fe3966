/** Words the generated listings are made of: what r/mechmarket and keyboard shops actually list. */

export const KEYCAP_PROFILES = ['GMK', 'GMK', 'GMK', 'ePBT', 'SA', 'DSA', 'KAT', 'MT3', 'JTK', 'PBTfans', 'Domikey', 'KAM', 'CRP'];
export const KEYCAP_SETS = [
  'Olivia', 'Olivia++', 'Botanical', 'Laser', 'Red Samurai', 'Modern Dolch', 'Nord', 'Striker', 'Hennessey', 'Oblivion',
  'Bento', 'Metropolis', 'Mizu', 'Taro', 'Wavez', 'Nautilus', '8008', 'Dracula', 'Arctic', 'Hammerhead', 'Muted',
  'Serika', 'Carbon', 'Yuri', 'Rudy', 'Jamon', 'Minimal', 'Bingsu', 'Kuro Shiro', 'Ishtar', 'Camping', 'Dots',
  'Pulse', 'Blue Samurai', 'Wasabi', 'Nightrunner', 'Mecha-01', 'Cafe', 'Peach Blossom', 'Analog Dreams', 'Ursa',
  'Sumi', 'Godspeed', 'Bread', 'Avena', 'Space Cadet', 'Honeywell', 'Terminal', 'Shoko', 'Oni',
];
export const KEYCAP_KITS = ['', '', ' base kit', ' base kit', ' novelties', ' alphas', ' 40s kit', ' spacebars', ' TKL kit', ' R2 base + novelties', ' sealed', ' complete set'];

export const BOARDS = [
  'Tofu60', 'KBD67 Lite', 'KBD75', 'Keychron Q1', 'Keychron Q2', 'Keychron K2', 'Keychron V1', 'Mode Sonnet', 'Mode Eighty',
  'Rama M65-B', 'TGR Jane', 'Satisfaction75', 'NK65', 'Bakeneko60', 'Zoom65', 'Zoom75', 'QK65', 'QK80', 'Owlab Spring',
  'Unikorn', 'GMMK Pro', 'Leopold FC900R', 'Leopold FC660M', 'HHKB Professional', 'Drop CTRL', 'Drop ALT', 'Ducky One 2',
  'Think6.5', 'Matrix 8XV', 'Bauer Lite', 'Noxary 268', 'Freebird60', 'Mojo68', 'Portico75', 'Cycle7', 'Iron165',
  'Singa Unikorn', 'Neo65', 'Neo70', 'Class65', 'Brutal60', 'Polaris', 'Wind X98', 'Lily58', 'Corne', 'Kyria', 'Planck',
];
export const BOARD_SIZES = ['60%', '65%', '65%', '75%', 'TKL', 'TKL', 'full size', '40%', 'Alice', '1800', 'split'];
export const BOARD_COLOURS = ['E-white', 'black', 'navy', 'silver', 'lavender', 'anodized red', 'burgundy', 'grey', 'beige', 'polycarbonate', 'brass', 'pink'];
export const BOARD_EXTRAS = ['', '', ' hot-swap', ' hot-swap', ' solder PCB', ' with brass plate', ' with FR4 plate', ' built', ' unbuilt', ' barebones', ' lubed and filmed', ' with carrying case'];

export const SWITCHES = [
  'Gateron Yellow', 'Gateron Ink Black', 'Gateron Milky Yellow', 'Holy Panda', 'Boba U4T', 'Boba U4', 'Zealios V2',
  'Cherry MX Brown', 'Cherry MX Black', 'Cherry MX Red', 'Cherry MX Blue', 'Kailh Box Jade', 'Kailh Box White',
  'Durock POM Linear', 'Oil King', 'Alpaca', 'Tangerine', 'NK Cream', 'Everglide Oreo', 'JWK Black', 'Glorious Panda',
  'Akko CS Lavender', 'Tealios V2', 'Lavenders', 'Banana Split', 'Aspiration', 'Vertex V1', 'Gazzew U4', 'Outemu Silent',
];
export const SWITCH_COUNTS = ['35x', '45x', '70x', '70x', '90x', '90x', '110x', '120x', '150x'];
export const SWITCH_STATES = ['stock', 'lubed with 205g0', 'lubed and filmed', 'Krytox lubed', 'spring swapped', 'brand new'];
export const PARTS = [
  'Durock V2 stabilizers', 'Cherry screw-in stabs', 'Zeal stabilizers', 'hot-swap PCB', 'solder PCB', 'aluminium plate',
  'brass plate', 'POM plate', 'FR4 plate', 'PE foam kit', 'switch films', 'Krytox 205g0 tub', 'gasket strips',
];

export const ARTISAN_MAKERS = ['Jelly Key', 'Hot Keys Project', 'Alpha Keycaps', 'Dwarf Factory', 'Rama Works', 'KeyForge', 'Clack Factory', 'Gothcaps', 'Bro Caps', 'Suited Up Studio', 'Nightcaps', 'Artkey'];
export const ARTISAN_SCULPTS = ['Ghost', 'Space Cadet', 'Mizu koi', 'Skull', 'Kitsune', 'Dragon', 'Astronaut', 'Cat paw', 'Mushroom', 'Octopus', 'Samurai helmet', 'Gear'];
export const ARTISAN_COLOURS = ['Olivia colourway', 'Botanical colourway', 'galaxy', 'blue steel', 'nightshade', 'sakura', 'mint', 'sunset', 'laser', 'dolch'];

export const ACCESSORIES = ['deskmat', 'coiled cable', 'USB-C aviator cable', 'wrist rest', 'switch opener', 'keycap puller', 'carrying case', 'lube station', 'switch tester', 'walnut wrist rest'];
export const ACCESSORY_THEMES = ['Olivia', 'Botanical', 'Laser', 'Nord', 'Dracula', 'Red Samurai', 'Camping', 'topographic', 'black', 'white', 'Wavez', 'Bento'];

export const DESCRIPTION_OPENERS = [
  'Brand new, still sealed.', 'Lightly used for a month, no shine.', 'Used, in great condition.', 'Mounted once for photos.',
  'Like new, comes with the original box.', 'Selling to fund an endgame build.', 'Extras from a group buy.', 'Bought from the vendor, never opened.',
];
export const DESCRIPTION_DETAILS = [
  'Hot-swap PCB, south-facing LEDs.', 'Lubed stabs, band-aid modded.', 'Switches lubed with Krytox 205g0 and filmed.',
  'Tape modded and foam added.', 'Doubleshot ABS, thick PBT spacebars.', 'Includes keycap puller and switch puller.',
  'Screw-in stabilizers, clipped and lubed.', 'Gasket mount, very bouncy typing.', 'QMK and VIA compatible.',
  'Sounds thocky with the PE foam mod.', 'Minor scratch on the bottom, see photos.', 'Comes with USB-C cable.',
];
export const DESCRIPTION_CLOSERS = [
  'Price includes PayPal fees.', 'Ships within 2 days, tracked.', 'Open to reasonable offers.', 'No trades, please.',
  'Local pickup possible.', 'Timestamps in the photos.', 'Bundle discount if you buy two.', 'Ships in the original packaging.',
];

export const HANDLE_PARTS = ['keeb', 'clack', 'thock', 'switch', 'lube', 'artisan', 'caps', 'mech', 'board', 'tactile', 'linear', 'gmk', 'pbt', 'tofu', 'stab'];
/** Where sellers live and ship to; the US is the biggest market. */
export const WEIGHTED_REGIONS = ['US', 'US', 'US', 'US', 'CA', 'UK', 'EU', 'EU', 'EU', 'AU', 'AS', 'AS', 'RW'];
/** keycaps 32%, keyboards 24%, parts 24%, accessories 12%, artisan 8% (in 25 slots). */
export const WEIGHTED_CATEGORIES = [
  ...Array<string>(8).fill('keycaps'),
  ...Array<string>(6).fill('keyboards'),
  ...Array<string>(6).fill('parts'),
  ...Array<string>(3).fill('accessories'),
  ...Array<string>(2).fill('artisan'),
];
