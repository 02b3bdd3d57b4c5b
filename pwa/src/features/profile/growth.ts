import { formatPaise } from '@coach/site-rules';
import type { Progress } from '@coach/contracts';

/** Level progress bar: (level mod 10) x 10 percent. */
export const levelProgressPercent = (level: number): number => (level % 10) * 10;

export interface Achievement {
  title: string;
  description: string;
  target: number;
  unit: string;
  current: (progress: Progress) => number;
}

/** The four achievements and their targets. */
export const ACHIEVEMENTS: readonly Achievement[] = [
  {
    title: 'Reflection Master',
    description: 'Share 10 weekly reflections with the circle.',
    target: 10,
    unit: 'reflections',
    current: (p) => p.totalReflections,
  },
  {
    title: 'Community Builder',
    description: 'Share 20 posts in the Sacred Circle.',
    target: 20,
    unit: 'posts',
    current: (p) => p.totalPosts,
  },
  {
    title: 'Consistency Champion',
    description: 'Keep a streak of 30 days of practice.',
    target: 30,
    unit: 'days',
    current: (p) => p.longestStreak,
  },
  {
    title: 'Growth Investor',
    description: 'Complete 5 coaching sessions.',
    target: 5,
    unit: 'sessions',
    current: (p) => p.totalCoachingSessions,
  },
];

/** An amount in minor units (paise) as rupees, en-IN, rounded to whole rupees. */
export const formatInr = (minorUnits: number): string => formatPaise(Math.round(minorUnits / 100) * 100);

/** A purchase's productType for people: underscores become spaces. */
export const productTypeLabel = (productType: string): string => productType.replace(/_/g, ' ');
