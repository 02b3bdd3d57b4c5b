import mongoose from 'mongoose';

const questionSchema = new mongoose.Schema(
  {
    id: { type: String, required: true },
    label: { type: String, required: true },
    kind: { type: String, required: true },
    options: { type: [String], default: undefined },
    required: { type: Boolean, required: true },
  },
  { _id: false },
);

/**
 * program_portals: the coach's set-up of one program's space, as last saved. The intake's
 * questions and the agreement's text each carry a version, raised by every save that changes
 * them; each version is also kept in program_portal_versions.
 */
const programPortalSchema = new mongoose.Schema(
  {
    programId: { type: String, required: true, unique: true },
    welcome: { type: String, default: '' },
    questions: { type: [questionSchema], default: [] },
    intakeVersion: { type: Number, default: 0 },
    agreementText: { type: String, default: '' },
    agreementVersion: { type: Number, default: 0 },
  },
  { collection: 'program_portals', versionKey: false, timestamps: true },
);
export const ProgramPortalModel = mongoose.model('ProgramPortal', programPortalSchema);

/**
 * program_portal_versions: every version of a program's questions and agreement, so what a client
 * answered or accepted can always be shown as she saw it.
 */
const portalVersionSchema = new mongoose.Schema(
  {
    programId: { type: String, required: true },
    kind: { type: String, enum: ['intake', 'agreement'], required: true },
    version: { type: Number, required: true },
    questions: { type: [questionSchema], default: undefined },
    agreementText: { type: String },
    createdAt: { type: Date, default: Date.now },
  },
  { collection: 'program_portal_versions', versionKey: false },
);
portalVersionSchema.index({ programId: 1, kind: 1, version: 1 }, { unique: true });
export const PortalVersionModel = mongoose.model('PortalVersion', portalVersionSchema);
