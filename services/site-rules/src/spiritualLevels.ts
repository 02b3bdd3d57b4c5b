/** Spiritual level titles: 1 Seeker ... 10 and above Sage (the profile shows them, members' milestones name them). */
const LEVEL_TITLES = [
  'Seeker',
  'Explorer',
  'Student',
  'Practitioner',
  'Adept',
  'Guide',
  'Mentor',
  'Teacher',
  'Master',
  'Sage',
] as const;

export const levelTitle = (level: number): string => LEVEL_TITLES[Math.min(Math.max(level, 1), 10) - 1];
