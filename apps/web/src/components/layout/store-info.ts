/** The shop's public contact details, shown in the footer. */
export const STORE_CONTACT = {
  phone: '+63 2 8123 4567',
  email: 'hello@habi.ph',
  socials: ['Facebook', 'Instagram', 'TikTok'],
};
