/**
 * The social networks a business may link its profile on. Apart from contact.ts (which
 * re-exports them) so that pages showing the links do without its phone-number metadata.
 */
export const SOCIAL_NETWORKS = {
  instagram: {
    label: 'Instagram',
    hosts: ['instagram.com'],
    profile: 'https://www.instagram.com/',
  },
  twitter: { label: 'X (Twitter)', hosts: ['x.com', 'twitter.com'], profile: 'https://x.com/' },
  facebook: {
    label: 'Facebook',
    hosts: ['facebook.com', 'fb.com'],
    profile: 'https://www.facebook.com/',
  },
  linkedin: {
    label: 'LinkedIn',
    hosts: ['linkedin.com'],
    profile: 'https://www.linkedin.com/company/',
  },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
