import { MILESTONE_TYPES } from '@coach/contracts';
import mongoose from 'mongoose';

/**
 * user_progress: one document per user. `rev` is bumped by every change; a change is written
 * only if `rev` is still the one it was computed from (see updateProgress in service.ts).
 */
const progressSchema = new mongoose.Schema(
  {
    userId: { type: Number, required: true, unique: true },
    totalReflections: { type: Number, default: 0 },
    totalPosts: { type: Number, default: 0 },
    totalCoachingSessions: { type: Number, default: 0 },
    currentStreak: { type: Number, default: 0 },
    longestStreak: { type: Number, default: 0 },
    lastActivityDate: { type: Date, default: null },
    spiritualLevel: { type: Number, default: 1 },
    totalSpent: { type: Number, default: 0 },
    memberSince: { type: Date, required: true },
    rev: { type: Number, default: 0 },
  },
  { collection: 'user_progress', versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);
export const ProgressModel = mongoose.model('UserProgress', progressSchema);

/**
 * user_journey: the milestones of a member's timeline. `key` names the event a milestone marks
 * ('signup', 'first_post', 'level_up:3', 'reflection:week-2900', 'purchase:<id>'), unique per
 * user, so no event is ever recorded twice.
 */
const journeySchema = new mongoose.Schema(
  {
    userId: { type: Number, required: true },
    key: { type: String, required: true },
    milestoneType: { type: String, enum: MILESTONE_TYPES, required: true, maxlength: 50 },
    title: { type: String, required: true, maxlength: 200 },
    description: { type: String, default: '' },
    metadata: { type: String },
    createdAt: { type: Date, default: Date.now },
  },
  { collection: 'user_journey', versionKey: false },
);
journeySchema.index({ userId: 1, key: 1 }, { unique: true });
journeySchema.index({ userId: 1, createdAt: -1 });
export const JourneyModel = mongoose.model('UserJourney', journeySchema);
