// The demo catalogue: what a new Habi store opens with. Each variation's image is drawn from the
// product's garment `kind` in the variation's colour.
import type { Category, SizePresetName, SubCategory } from '@habi/shared';
import type { GarmentKind } from './garments.ts';

export interface DemoVariation {
  name: string;
  /** '#rrggbb', the colour its image is drawn in. */
  colour: string;
}

export interface DemoProduct {
  name: string;
  description: string;
  /** Decimal pesos, as the API takes prices. */
  price: string;
  category: Category;
  subCategory: SubCategory;
  sizePreset: SizePresetName;
  kind: GarmentKind;
  /** The first one names the product and gives it its image. */
  variations: DemoVariation[];
  /** One of the curated Best Collections picks, ranked in catalogue order. */
  bestCollection?: true;
}

/** The one-word colour names used as the last word of variation names, with their swatch. */
const COLOURS = {
  Black: '#1c1c1e',
  White: '#f4f2ed',
  Cream: '#ede3cf',
  Ivory: '#f3eee0',
  Navy: '#1f2a44',
  Charcoal: '#3d3f44',
  Heather: '#a7a9ad',
  Olive: '#6b7447',
  Sage: '#9caf88',
  Mint: '#a6d9c0',
  Teal: '#2a7f7f',
  Emerald: '#2e7d5b',
  Sky: '#9cc3e0',
  Mist: '#b4c5d6',
  Denim: '#4a6a93',
  Indigo: '#2b3a5c',
  Royal: '#2a4da8',
  Lavender: '#b9a7d6',
  Blush: '#e8b7b0',
  Coral: '#ee8567',
  Red: '#c0392b',
  Rust: '#b5523b',
  Terracotta: '#c8653f',
  Maroon: '#7a2333',
  Mustard: '#d4a017',
  Yellow: '#f2c230',
  Khaki: '#c3b091',
  Sand: '#d8c3a0',
  Stone: '#bdb4a6',
  Camel: '#c19a6b',
  Tan: '#b08155',
  Brown: '#6f4e37',
  Tortoise: '#6b4226',
  Gold: '#c9a24c',
} as const satisfies Record<string, string>;

type ColourName = keyof typeof COLOURS;

type ProductDetails = Omit<DemoProduct, 'name' | 'variations' | 'sizePreset'>;

const SIZE_PRESET: Record<SubCategory, SizePresetName> = {
  Tops: 'Clothes',
  Bottoms: 'Clothes',
  'Full Outfit': 'Clothes',
  Shoes: 'Sneakers',
  Accessories: 'N/A',
};

/** Builds a product whose variations are its base name plus one colour word, as the admin screens expect. */
function product(base: string, colours: readonly ColourName[], details: ProductDetails): DemoProduct {
  const variations = colours.map((colour) => ({ name: `${base} ${colour}`, colour: COLOURS[colour] }));
  return { name: variations[0]!.name, ...details, sizePreset: SIZE_PRESET[details.subCategory], variations };
}

export const demoProducts: readonly DemoProduct[] = [
  // The five curated Best Collections picks, in their display order.
  product('Men Classic Polo 2-Pack', ['Navy', 'White', 'Black'], {
    description:
      'Two cotton piqué polos in one pack, with a ribbed collar, two-button placket and side vents. A regular fit that keeps its shape wash after wash; machine wash cold.',
    price: '799.00',
    category: 'Men',
    subCategory: 'Tops',
    kind: 'polo-pack',
    bestCollection: true,
  }),
  product('Men Jogger Pants', ['Black', 'Charcoal', 'Olive'], {
    description:
      'Soft French terry joggers with an elastic drawstring waist, side pockets and ribbed ankle cuffs. Tapered fit for errands, commutes and rest days; machine wash cold.',
    price: '699.00',
    category: 'Men',
    subCategory: 'Bottoms',
    kind: 'joggers',
    bestCollection: true,
  }),
  product('Men Athletic Sneakers', ['White', 'Black', 'Navy'], {
    description:
      'Lightweight lace-up trainers with a breathable upper, padded collar and cushioned rubber sole. Made for daily walks, gym sessions and long days on your feet.',
    price: '799.00',
    category: 'Men',
    subCategory: 'Shoes',
    kind: 'sneakers',
    bestCollection: true,
  }),
  product('Women Round Sunglasses', ['Tortoise', 'Black', 'Gold'], {
    description:
      'Retro round frames with gradient UV400 lenses and adjustable nose pads. Comes with a soft pouch and cleaning cloth.',
    price: '699.00',
    category: 'Women',
    subCategory: 'Accessories',
    kind: 'sunglasses',
    bestCollection: true,
  }),
  product('Women Ballet Flats', ['Black', 'Blush', 'Cream'], {
    description:
      'Classic ballet flats in soft faux leather with a little bow, a padded insole and a flexible sole. Easy to slip on from office to weekend; wipe clean with a damp cloth.',
    price: '699.00',
    category: 'Women',
    subCategory: 'Shoes',
    kind: 'flats',
    bestCollection: true,
  }),

  // Men
  product('Men Crew T-shirt', ['Navy', 'White', 'Olive', 'Charcoal'], {
    description:
      'An everyday crew-neck tee in 100% combed cotton jersey with a ribbed neckband that stays flat. Regular fit and pre-shrunk; machine wash cold, tumble dry low.',
    price: '399.00',
    category: 'Men',
    subCategory: 'Tops',
    kind: 'tshirt',
  }),
  product('Men Oxford Button-Down Shirt', ['White', 'Sky', 'Sand'], {
    description:
      'Soft Oxford cotton shirt with a button-down collar, chest pocket and curved hem. A tailored fit that works tucked into chinos or worn open over a tee; wash at 30 degrees and iron warm.',
    price: '1299.00',
    category: 'Men',
    subCategory: 'Tops',
    kind: 'shirt',
  }),
  product('Men Linen Long-Sleeve Shirt', ['Ivory', 'Sage', 'Navy'], {
    description:
      'Breathable linen-cotton shirt that stays cool through humid afternoons and dresses up for a wedding or a Sunday lunch. Relaxed fit; gentle machine wash, line dry.',
    price: '1499.00',
    category: 'Men',
    subCategory: 'Tops',
    kind: 'shirt',
  }),
  product('Men Fleece Pullover Hoodie', ['Charcoal', 'Olive', 'Maroon'], {
    description:
      'Brushed cotton-blend fleece hoodie with a lined hood, kangaroo pocket and ribbed cuffs. Made for air-conditioned offices and rainy-season evenings; machine wash cold inside out.',
    price: '1499.00',
    category: 'Men',
    subCategory: 'Tops',
    kind: 'hoodie',
  }),
  product('Men Slim Chino Pants', ['Khaki', 'Navy', 'Stone'], {
    description:
      'Cotton twill chinos with a touch of stretch, slant pockets and a clean slim leg. Smart enough for the office, easy enough for weekends; machine wash cold.',
    price: '1399.00',
    category: 'Men',
    subCategory: 'Bottoms',
    kind: 'pants',
  }),
  product('Men Straight Jeans', ['Indigo', 'Denim', 'Black'], {
    description:
      'Five-pocket jeans in 12 oz cotton denim with a little stretch, copper rivets and contrast stitching. Straight fit from hip to hem; wash inside out to keep the colour.',
    price: '1799.00',
    category: 'Men',
    subCategory: 'Bottoms',
    kind: 'jeans',
  }),
  product('Men Chino Shorts', ['Khaki', 'Navy', 'Sage'], {
    description:
      'Cotton twill shorts with an elastic drawstring waist, side pockets and rolled hems that sit just above the knee. Made for beach trips and hot weekends; machine wash cold.',
    price: '799.00',
    category: 'Men',
    subCategory: 'Bottoms',
    kind: 'shorts',
  }),
  product('Men Track Suit Set', ['Black', 'Navy', 'Maroon'], {
    description:
      'Zip-up track jacket and matching tapered pants in smooth tricot, finished with contrast side stripes. Sold as a set; machine wash cold.',
    price: '2299.00',
    category: 'Men',
    subCategory: 'Full Outfit',
    kind: 'tracksuit',
  }),
  product('Men Weekend Sweat Set', ['Heather', 'Sage'], {
    description:
      'A cotton fleece sweat jacket and joggers made to be worn together, at home or out for coffee. Relaxed fit with ribbed cuffs and hems; machine wash cold.',
    price: '1899.00',
    category: 'Men',
    subCategory: 'Full Outfit',
    kind: 'tracksuit',
  }),
  product('Men Utility Jumpsuit', ['Olive', 'Sand', 'Charcoal'], {
    description:
      'Short-sleeve cotton twill jumpsuit with a camp collar, flap chest pockets and a tie belt. One piece, zero outfit planning; machine wash cold.',
    price: '2499.00',
    category: 'Men',
    subCategory: 'Full Outfit',
    kind: 'romper',
  }),
  product('Men Running Shoes', ['Charcoal', 'Royal', 'Red'], {
    description:
      'Responsive running shoes with a breathable mesh upper, reinforced heel and high-rebound foam sole. Built for morning runs around the park and long days on your feet.',
    price: '2999.00',
    category: 'Men',
    subCategory: 'Shoes',
    kind: 'sneakers',
  }),
  product('Men Two-Strap Sandals', ['Black', 'Olive', 'Brown'], {
    description:
      'Adjustable two-strap sandals with a contoured cork footbed and a grippy rubber sole. Easy wear from the house to the beach.',
    price: '599.00',
    category: 'Men',
    subCategory: 'Shoes',
    kind: 'sandals',
  }),
  product('Men Baseball Cap', ['Black', 'Navy', 'Khaki'], {
    description:
      'Six-panel cotton twill cap with a curved brim, breathable eyelets and an adjustable back strap. One size fits most.',
    price: '449.00',
    category: 'Men',
    subCategory: 'Accessories',
    kind: 'cap',
  }),
  product('Men Leather Belt', ['Brown', 'Black', 'Tan'], {
    description:
      'Genuine leather belt, 3.5 cm wide, with a brushed metal buckle and edge stitching. Pairs with jeans and chinos alike.',
    price: '899.00',
    category: 'Men',
    subCategory: 'Accessories',
    kind: 'belt',
  }),
  product('Men Classic Leather Watch', ['Brown', 'Black', 'Navy'], {
    description:
      'A 40 mm stainless steel watch with a clean cream dial, Japanese quartz movement and a stitched leather strap. Water resistant to 30 m.',
    price: '2999.00',
    category: 'Men',
    subCategory: 'Accessories',
    kind: 'watch',
  }),

  // Women
  product('Women Ribbed Crop Tee', ['White', 'Blush', 'Black', 'Sage'], {
    description:
      'Fitted crop tee in stretchy ribbed cotton with short sleeves and a crew neck. Pairs with high-rise jeans and skirts; machine wash cold, lay flat to dry.',
    price: '349.00',
    category: 'Women',
    subCategory: 'Tops',
    kind: 'tshirt',
  }),
  product('Women Linen Button-Up Shirt', ['White', 'Sand', 'Lavender'], {
    description:
      'Airy linen-blend shirt with a classic collar and a relaxed, slightly oversized fit. Wear it buttoned, tied at the waist or open as a light layer; gentle machine wash.',
    price: '1199.00',
    category: 'Women',
    subCategory: 'Tops',
    kind: 'shirt',
  }),
  product('Women Knit Polo Top', ['Cream', 'Navy', 'Blush'], {
    description:
      'A soft cotton-knit polo with a ribbed collar and button placket, cut slightly cropped. Smart-casual for the office and brunch; hand wash or gentle cycle.',
    price: '899.00',
    category: 'Women',
    subCategory: 'Tops',
    kind: 'polo',
  }),
  product('Women Oversized Hoodie', ['Lavender', 'Cream', 'Sage'], {
    description:
      'Cosy oversized hoodie in brushed cotton fleece with dropped shoulders and a roomy kangaroo pocket. Machine wash cold inside out.',
    price: '1299.00',
    category: 'Women',
    subCategory: 'Tops',
    kind: 'hoodie',
  }),
  product('Women Satin Bomber Jacket', ['Blush', 'Black', 'Olive'], {
    description:
      'Lustrous satin bomber with a light padded lining, ribbed collar and cuffs and a front zip. Throw it over a dress or a tee; hand wash cold.',
    price: '2299.00',
    category: 'Women',
    subCategory: 'Tops',
    kind: 'jacket',
  }),
  product('Women Pleated Midi Skirt', ['Sage', 'Black', 'Mustard'], {
    description:
      'Flowing midi skirt with crisp knife pleats and a buttoned waistband that sits high on the waist. Fully lined; hand wash cold and hang to dry.',
    price: '1199.00',
    category: 'Women',
    subCategory: 'Bottoms',
    kind: 'skirt',
  }),
  product('Women Tailored Trousers', ['Cream', 'Black', 'Camel'], {
    description:
      'High-waisted trousers in a fluid crepe with a pressed crease, slant pockets and belt loops. Polished for work and easy to style after; machine wash cold.',
    price: '1499.00',
    category: 'Women',
    subCategory: 'Bottoms',
    kind: 'pants',
  }),
  product('Women High-Rise Mom Jeans', ['Denim', 'Indigo', 'Mist'], {
    description:
      'Rigid cotton denim with a high rise, relaxed hip and tapered leg, plus classic five-pocket details. Wash inside out in cold water.',
    price: '1699.00',
    category: 'Women',
    subCategory: 'Bottoms',
    kind: 'jeans',
  }),
  product('Women Linen Shorts', ['Sand', 'White', 'Rust'], {
    description:
      'Breezy linen-blend shorts with an elastic drawstring waist, side pockets and turn-up hems. A summer essential for beach towns and hot city days.',
    price: '799.00',
    category: 'Women',
    subCategory: 'Bottoms',
    kind: 'shorts',
  }),
  product('Women Tie-Waist Sundress', ['Mustard', 'Blush', 'White'], {
    description:
      'Breathable cotton sundress with a flared skirt and a waist tie, made for beach trips and long summer lunches. Machine wash cold.',
    price: '1299.00',
    category: 'Women',
    subCategory: 'Full Outfit',
    kind: 'dress',
  }),
  product('Women Linen Jumpsuit', ['Terracotta', 'Black', 'Sage'], {
    description:
      'Short-sleeve linen-blend jumpsuit with a camp collar, chest pockets and a tie belt that defines the waist. Wide legs keep it cool in the heat; gentle machine wash.',
    price: '1999.00',
    category: 'Women',
    subCategory: 'Full Outfit',
    kind: 'romper',
  }),
  product('Women Knit Lounge Set', ['Blush', 'Heather', 'Lavender'], {
    description:
      'Matching zip jacket and joggers in soft brushed knit, with ribbed cuffs and a drawstring waist. Comfortable enough for travel days; machine wash cold.',
    price: '1599.00',
    category: 'Women',
    subCategory: 'Full Outfit',
    kind: 'tracksuit',
  }),
  product('Women Platform Sneakers', ['White', 'Blush', 'Black'], {
    description:
      'Everyday lace-up sneakers on a chunky cushioned platform, with a faux leather upper and padded collar. Wipe clean with a damp cloth.',
    price: '2499.00',
    category: 'Women',
    subCategory: 'Shoes',
    kind: 'sneakers',
  }),
  product('Women Strappy Sandals', ['Tan', 'Black', 'Blush'], {
    description:
      'Flat two-strap sandals with a gold-tone buckle, a cushioned cork footbed and a non-slip sole. Walk all day at the mall or by the sea.',
    price: '899.00',
    category: 'Women',
    subCategory: 'Shoes',
    kind: 'sandals',
  }),
  product('Women Ankle Boots', ['Black', 'Camel', 'Brown'], {
    description:
      'Faux suede Chelsea ankle boots with stretch side panels, a pull tab and a low stacked heel. Spot clean only.',
    price: '2999.00',
    category: 'Women',
    subCategory: 'Shoes',
    kind: 'boots',
  }),
  product('Women Minimalist Watch', ['Blush', 'Black', 'Cream'], {
    description:
      'A slim 36 mm watch with a clean dial, quartz movement and a soft leather strap. Water resistant to 30 m; gift box included.',
    price: '2499.00',
    category: 'Women',
    subCategory: 'Accessories',
    kind: 'watch',
  }),
  product('Women Slim Leather Belt', ['Tan', 'Black', 'Cream'], {
    description:
      'A slim genuine leather belt with a polished buckle, made to cinch dresses, blazers and high-waisted trousers.',
    price: '699.00',
    category: 'Women',
    subCategory: 'Accessories',
    kind: 'belt',
  }),

  // Kids
  product('Kids Cotton T-shirt', ['Sky', 'Mustard', 'Mint', 'Coral'], {
    description:
      'Soft, breathable cotton tee with a comfy crew neck, made for playtime and school days. Pre-shrunk; machine wash cold.',
    price: '299.00',
    category: 'Kids',
    subCategory: 'Tops',
    kind: 'tshirt',
  }),
  product('Kids Pique Polo Shirt', ['White', 'Navy', 'Mint'], {
    description:
      'Durable cotton piqué polo with a ribbed collar and a two-button placket, neat enough for school and tough enough for recess. Machine wash warm.',
    price: '499.00',
    category: 'Kids',
    subCategory: 'Tops',
    kind: 'polo',
  }),
  product('Kids Pullover Hoodie', ['Red', 'Royal', 'Lavender'], {
    description:
      'Warm cotton-blend hoodie with a lined hood, front pocket and ribbed cuffs for cool mornings and air-conditioned classrooms. Machine wash cold.',
    price: '899.00',
    category: 'Kids',
    subCategory: 'Tops',
    kind: 'hoodie',
  }),
  product('Kids Windbreaker Jacket', ['Royal', 'Red', 'Teal'], {
    description:
      'Light water-resistant jacket with a full zip, sleeve pocket and ribbed trims, ready for the rainy season. Packs into a school bag; machine wash cold.',
    price: '1199.00',
    category: 'Kids',
    subCategory: 'Tops',
    kind: 'jacket',
  }),
  product('Kids Jogger Pants', ['Heather', 'Navy', 'Black'], {
    description:
      'Stretchy cotton joggers with an elastic drawstring waist and ribbed cuffs that stay put while running around. Machine wash cold.',
    price: '499.00',
    category: 'Kids',
    subCategory: 'Bottoms',
    kind: 'joggers',
  }),
  product('Kids Pull-On Shorts', ['Navy', 'Khaki', 'Red'], {
    description:
      'Easy pull-on cotton shorts with an elastic drawstring waist and side pockets for little treasures. Machine wash cold.',
    price: '349.00',
    category: 'Kids',
    subCategory: 'Bottoms',
    kind: 'shorts',
  }),
  product('Kids Stretch Jeans', ['Denim', 'Indigo'], {
    description:
      'Soft stretch denim jeans with an adjustable inner waistband and reinforced knees for climbing and playing. Wash inside out.',
    price: '799.00',
    category: 'Kids',
    subCategory: 'Bottoms',
    kind: 'jeans',
  }),
  product('Kids Pleated Skirt', ['Navy', 'Lavender', 'Coral'], {
    description:
      'Twirly pleated skirt with a comfortable waistband and built-in shorts underneath. Machine wash cold and hang to dry.',
    price: '499.00',
    category: 'Kids',
    subCategory: 'Bottoms',
    kind: 'skirt',
  }),
  product('Kids Cotton Jumpsuit', ['Mustard', 'Mint', 'Denim'], {
    description:
      'Short-sleeve cotton jumpsuit with a soft collar, real pockets and a tie belt, all in one easy piece. Machine wash cold.',
    price: '699.00',
    category: 'Kids',
    subCategory: 'Full Outfit',
    kind: 'romper',
  }),
  product('Kids Party Dress', ['Blush', 'Lavender', 'Mint'], {
    description:
      'A flutter-sleeve dress with a softly pleated skirt and a sash bow, lined in cotton for comfort at birthdays and family gatherings. Hand wash cold.',
    price: '899.00',
    category: 'Kids',
    subCategory: 'Full Outfit',
    kind: 'dress',
  }),
  product('Kids Lace-Up Sneakers', ['White', 'Royal', 'Coral'], {
    description:
      'Lightweight canvas sneakers with a cushioned insole and a flexible non-slip sole for all-day play. Wipe clean or hand wash.',
    price: '999.00',
    category: 'Kids',
    subCategory: 'Shoes',
    kind: 'sneakers',
  }),
  product('Kids Rain Boots', ['Yellow', 'Red', 'Navy'], {
    description:
      'Waterproof rubber boots with easy pull tabs and a grippy sole, ready for puddles in the rainy season. Rinse clean with water.',
    price: '799.00',
    category: 'Kids',
    subCategory: 'Shoes',
    kind: 'boots',
  }),
  product('Kids Play Sandals', ['Navy', 'Coral', 'Mint'], {
    description:
      'Adjustable strap sandals with a soft footbed and a grippy rubber sole for beach days and playgrounds. Quick-drying.',
    price: '499.00',
    category: 'Kids',
    subCategory: 'Shoes',
    kind: 'sandals',
  }),
  product('Kids Ballet Flats', ['Blush', 'Lavender', 'Navy'], {
    description:
      'Soft ballet flats with a little bow and a padded insole, perfect for parties and recitals. Wipe clean with a damp cloth.',
    price: '599.00',
    category: 'Kids',
    subCategory: 'Shoes',
    kind: 'flats',
  }),
  product('Kids Baseball Cap', ['Red', 'Royal', 'Mint'], {
    description:
      'Lightweight cotton cap with breathable eyelets and an adjustable strap to keep the sun off at the playground. Fits ages 4 to 12.',
    price: '299.00',
    category: 'Kids',
    subCategory: 'Accessories',
    kind: 'cap',
  }),
  product('Kids Round Sunglasses', ['Red', 'Teal', 'Lavender'], {
    description:
      'Flexible, shatter-resistant frames with UV400 lenses sized for small faces. Comes with a soft pouch.',
    price: '349.00',
    category: 'Kids',
    subCategory: 'Accessories',
    kind: 'sunglasses',
  }),
  product('Kids Mini Handbag', ['Coral', 'Lavender', 'Mint'], {
    description:
      'A little faux leather handbag with top handles and a turn-lock clasp, just right for snacks and small treasures.',
    price: '599.00',
    category: 'Kids',
    subCategory: 'Accessories',
    kind: 'bag',
  }),
  product('Kids Analog Watch', ['Royal', 'Red', 'Mint'], {
    description:
      'An easy-to-read watch with a clear dial and a soft strap, a friendly way to learn telling time. Splash resistant.',
    price: '599.00',
    category: 'Kids',
    subCategory: 'Accessories',
    kind: 'watch',
  }),

  // New arrivals: listed last, so they are the newest and lead 'Latest Collections'.
  product('Kids Track Suit Set', ['Royal', 'Red', 'Black'], {
    description:
      'Zip jacket and matching joggers with contrast side stripes, made for PE class and weekend games. Machine wash cold.',
    price: '999.00',
    category: 'Kids',
    subCategory: 'Full Outfit',
    kind: 'tracksuit',
  }),
  product('Men Chelsea Boots', ['Brown', 'Black', 'Tan'], {
    description:
      'Full-grain leather Chelsea boots with elastic side panels, a pull tab and a stacked rubber heel. Treat with leather conditioner to keep them supple.',
    price: '3499.00',
    category: 'Men',
    subCategory: 'Shoes',
    kind: 'boots',
  }),
  product('Women Structured Tote Bag', ['Camel', 'Black', 'Cream', 'Sage'], {
    description:
      'A structured faux leather tote with twin top handles, a gold-tone turn lock and a roomy lined interior with a zip pocket. Fits a laptop up to 13 inches.',
    price: '1899.00',
    category: 'Women',
    subCategory: 'Accessories',
    kind: 'bag',
  }),
  product('Men Bomber Jacket', ['Black', 'Olive', 'Navy'], {
    description:
      'Water-repellent nylon bomber with a light padded lining, ribbed trims and a utility sleeve pocket. Regular fit; machine wash cold, do not iron.',
    price: '2499.00',
    category: 'Men',
    subCategory: 'Tops',
    kind: 'jacket',
  }),
  product('Women Fit-and-Flare Dress', ['Rust', 'Navy', 'Emerald'], {
    description:
      'A V-neck midi dress with flutter sleeves, a fitted bodice and a softly pleated skirt, finished with a waist tie. Lightweight crepe; hand wash cold.',
    price: '1699.00',
    category: 'Women',
    subCategory: 'Full Outfit',
    kind: 'dress',
  }),
];
