import { BadgeCheck, HeartHandshake, Leaf, type LucideIcon, Truck } from 'lucide-react';
import '../catalogue.css';

const REASONS: { title: string; icon: LucideIcon; motion: string; text: string }[] = [
  {
    title: 'Quality Assurance',
    icon: BadgeCheck,
    motion: 'habi-icon-beat',
    text: 'We choose every fabric, seam and sole with care and check each piece before it ships, so what arrives is made to last.',
  },
  {
    title: 'Convenience',
    icon: Truck,
    motion: 'habi-icon-drive',
    text: 'Browse by category, order in a few taps and choose free, express or next-day delivery to anywhere in the Philippines.',
  },
  {
    title: 'Exceptional Customer Service',
    icon: HeartHandshake,
    motion: 'habi-icon-float',
    text: 'Real people help with sizing, orders and returns, and follow every parcel until it reaches your door.',
  },
  {
    title: 'Responsible Sourcing',
    icon: Leaf,
    motion: 'habi-icon-sway',
    text: 'We work with makers who pay fair wages and keep safe workplaces, and we favour natural and recycled fibres.',
  },
];

/** About Us 'Why Us': cards with a title, an animated icon and a description. */
export function WhyUs() {
  return (
    <section aria-labelledby="why-us" className="flex flex-col gap-10">
      <div className="flex max-w-xl flex-col gap-2">
        <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">Our promise</p>
        <h2 id="why-us" className="text-3xl font-semibold sm:text-4xl">
          Why Us
        </h2>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
        {REASONS.map(({ title, icon: Icon, motion, text }) => (
          <li key={title} className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-6 sm:p-7">
            <span className="grid size-14 place-items-center rounded-2xl bg-sand text-accent">
              <Icon aria-hidden="true" className={`size-7 ${motion}`} />
            </span>
            <h3 className="text-xl font-semibold">{title}</h3>
            <p className="text-sm leading-relaxed text-ink-soft">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
