import type { ItemSpecs } from '@keeb/shared';

/**
 * Issue 29: the specs of the demo listings, by name (catalog.ts), as a seller would fill the sell form from the
 * listing's own description, so a fresh start has something for every filter and facet to count. Stored with
 * their tags (specTags) by the loader; demo.test.ts checks each against its category's lists.
 */
export const DEMO_SPECS: Record<string, ItemSpecs> = {
  'Tofu65 Aluminum Kit - E-White, Brass Plate': { size: '65%', layout: 'ansi', mounting: 'hot-swap', mountStyle: 'tray', caseMaterial: 'aluminum', plateMaterial: 'brass', connection: 'wired', built: 'built', includes: [], condition: 'used-like-new' },
  'Keychron Q1 Pro - Carbon Black, Banana Switches': { size: '75%', layout: 'ansi', mounting: 'hot-swap', mountStyle: 'gasket', caseMaterial: 'aluminum', plateMaterial: 'steel', connection: 'tri-mode', built: 'built', includes: ['switches', 'keycaps'], condition: 'used' },
  'Mode Sonnet - Dark Grey, Polycarbonate Plate': { size: '75%', layout: 'ansi', mounting: 'solder', mountStyle: 'gasket', caseMaterial: 'aluminum', plateMaterial: 'polycarbonate', connection: 'wired', built: 'built', includes: ['switches'], condition: 'used-like-new' },
  'KBD67 Lite R4 - Frosted White (built)': { size: '65%', layout: 'ansi', mounting: 'hot-swap', mountStyle: 'gasket', caseMaterial: 'polycarbonate', plateMaterial: 'polycarbonate', connection: 'wired', built: 'built', includes: ['switches'], condition: 'used' },
  'Bakeneko60 - Navy, FR4 Plate, Unbuilt': { size: '60%', layout: 'ansi', mounting: 'solder', mountStyle: 'o-ring', caseMaterial: 'aluminum', plateMaterial: 'fr4', connection: 'wired', built: 'unbuilt', condition: 'new-in-box' },
  'Zoom75 EE - Milk Tea, Wireless': { size: '75%', layout: 'ansi', mounting: 'hot-swap', mountStyle: 'gasket', caseMaterial: 'aluminum', plateMaterial: 'aluminum', connection: 'tri-mode', built: 'built', includes: ['switches', 'keycaps'], condition: 'used-like-new' },
  'Owlab Spring - Anodized Olive, TKL': { size: 'tkl', layout: 'ansi', mounting: 'solder', mountStyle: 'leaf-spring', caseMaterial: 'aluminum', plateMaterial: 'aluminum', connection: 'wired', built: 'built', includes: ['switches'], condition: 'used' },
  'NK65 Entry Edition - Mint': { size: '65%', layout: 'ansi', mounting: 'hot-swap', mountStyle: 'tray', caseMaterial: 'plastic', plateMaterial: 'aluminum', connection: 'wired', built: 'built', includes: ['switches', 'keycaps'], condition: 'used' },
  'Keycult No. 2/65 - Raw Brass Weight': { size: '65%', layout: 'ansi', mounting: 'solder', mountStyle: 'top', caseMaterial: 'aluminum', plateMaterial: 'brass', connection: 'wired', built: 'built', includes: ['switches'], condition: 'used-like-new' },
  'Satisfaction75 - Laser Purple': { size: '75%', layout: 'ansi', mounting: 'solder', mountStyle: 'top', caseMaterial: 'aluminum', plateMaterial: 'aluminum', connection: 'wired', built: 'built', condition: 'used' },

  'GMK Olivia++ Base Kit': { profile: 'cherry', material: 'abs', legends: 'doubleshot', maker: 'GMK', kits: ['base'], condition: 'used-like-new' },
  'GMK Botanical R2 - Base + Novelties': { profile: 'cherry', material: 'abs', legends: 'doubleshot', maker: 'GMK', kits: ['base', 'novelties'], condition: 'used' },
  'GMK Laser Cyberdeck': { profile: 'cherry', material: 'abs', legends: 'doubleshot', maker: 'GMK', kits: ['novelties'], condition: 'new-in-box' },
  'ePBT Black on White (BoW) - Full Kit': { profile: 'cherry', material: 'pbt', legends: 'dye-sub', maker: 'ePBT', kits: ['base', 'modifiers', 'numpad'], condition: 'used' },
  'GMK Red Samurai - Base': { profile: 'cherry', material: 'abs', legends: 'doubleshot', maker: 'GMK', kits: ['base'], condition: 'used-like-new' },
  'KAT Milkshake - Alpha + Mods': { profile: 'kat', material: 'pbt', legends: 'dye-sub', maker: 'Keyreative', kits: ['alphas', 'modifiers'], condition: 'used-like-new' },
  'SA Bliss - Base Kit': { profile: 'sa', material: 'pbt', legends: 'doubleshot', maker: 'Signature Plastics', kits: ['base'], condition: 'used' },
  'MT3 Cyber - Alphas': { profile: 'mt3', material: 'abs', legends: 'doubleshot', maker: 'Drop', kits: ['alphas'], condition: 'used' },
  'GMK Olive - Base Kit (sealed)': { profile: 'cherry', material: 'abs', legends: 'doubleshot', maker: 'GMK', kits: ['base'], condition: 'new-in-box' },
  'JTK Night Sakura - Base': { profile: 'cherry', material: 'abs', legends: 'doubleshot', maker: 'JTK', kits: ['base'], condition: 'used' },

  'Jelly Key "Zen Pond" Artisan Keycap': { maker: 'Jelly Key', sculpt: 'Zen Pond', colorway: 'Koi', condition: 'new-open-box' },
  'Dwarf Factory "Spirit Fox" Artisan': { maker: 'Dwarf Factory', sculpt: 'Spirit Fox', colorway: 'Sand', condition: 'used-like-new' },
  'Hot Keys Project "Kaiju" - Sakura Blank': { maker: 'Hot Keys Project', sculpt: 'Kaiju', colorway: 'Sakura', condition: 'new-in-box' },
  'Alpha Keycaps "Mini Brain" - Neon': { maker: 'Alpha Keycaps', sculpt: 'Mini Brain', colorway: 'Neon', condition: 'used-like-new' },
  'Rama Works "Moon" Escape Key': { maker: 'Rama Works', sculpt: 'Moon', colorway: 'Navy', condition: 'used' },
  'Keyforge "Cat Paw" Artisan - Cream': { maker: 'Keyforge', sculpt: 'Cat Paw', colorway: 'Cream', condition: 'used-like-new' },
  'Clackeys "Bonsai" Resin Artisan': { maker: 'Clackeys', sculpt: 'Bonsai', colorway: 'Clear', condition: 'new-in-box' },
  'Ice Cap Keycaps "Winter Wolf"': { maker: 'Ice Cap Keycaps', sculpt: 'Winter Wolf', colorway: 'Translucent Blue', condition: 'used' },

  'Gateron Oil King Switches (x90), lubed': { kind: 'switches', switchType: 'linear', quantity: 90, lubed: true, filmed: false, condition: 'used-like-new' },
  'Cherry MX Black Hyperglide (x70)': { kind: 'switches', switchType: 'linear', quantity: 70, lubed: true, filmed: true, condition: 'used' },
  'Durock V2 Stabilizers - Full Set, Clipped and Lubed': { kind: 'stabilizers', condition: 'used' },
  'Holy Panda X Switches (x70)': { kind: 'switches', switchType: 'tactile', quantity: 70, lubed: false, filmed: false, condition: 'new-in-box' },
  'Tofu65 Hot-Swap PCB (DZ65RGB V3)': { kind: 'pcb', condition: 'used' },
  'Brass Plate - 65% Universal': { kind: 'plate', condition: 'new-in-box' },
  'Poron Case Foam for 75% Boards': { kind: 'foam', condition: 'new-in-box' },
  'Zeal Tealios V2 Linear Switches (x90)': { kind: 'switches', switchType: 'linear', quantity: 90, lubed: true, filmed: false, condition: 'used' },

  'Coiled Aviator Cable - Navy and Gold': { kind: 'cable', condition: 'new-in-box' },
  'Walnut Wrist Rest - 65%': { kind: 'wrist-rest', condition: 'used-like-new' },
  'Deskmat - GMK Olivia Dark': { kind: 'deskmat', condition: 'used' },
  'Switch Opener + Lube Station Bundle': { kind: 'tools', condition: 'used-like-new' },
  'Keycap Puller + Switch Puller Combo': { kind: 'tools', condition: 'new-in-box' },
  'Acrylic Dust Cover - TKL': { kind: 'other', condition: 'used' },
  'Laser Deskmat - Cyberdeck': { kind: 'deskmat', condition: 'new-open-box' },
  'Botanical Coiled Cable - Green': { kind: 'cable', condition: 'used-like-new' },
  'Leather Keyboard Sleeve - 65%': { kind: 'carrying-case', condition: 'used' },
};
