import mongoose from 'mongoose';

const contactMessageSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, maxlength: 100 },
    email: { type: String, required: true, maxlength: 254 },
    subject: { type: String, required: true, maxlength: 50 },
    message: { type: String, required: true, maxlength: 5000 },
    /** Set until contact.received is queued (see outbox/). */
    eventPending: { type: Boolean },
  },
  { collection: 'contact_messages', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
contactMessageSchema.index({ createdAt: -1 });
contactMessageSchema.index({ eventPending: 1 }, { sparse: true });
export const ContactMessageModel = mongoose.model('ContactMessage', contactMessageSchema);
