import mongoose from 'mongoose';

/** razorpay_plans: the monthly plan made at Razorpay for a program at a price (`_id`: "<programId>:<paise>"). */
export const RazorpayPlanModel = mongoose.model(
  'RazorpayPlan',
  new mongoose.Schema(
    { _id: { type: String }, planId: { type: String, required: true } },
    { collection: 'razorpay_plans', versionKey: false },
  ),
);
