import mongoose from 'mongoose';

const questionSchema = new mongoose.Schema(
  { id: String, label: String, kind: String, options: { type: [String], default: undefined }, required: Boolean },
  { _id: false },
);

/**
 * client_programs: what a client did in a program's space, one row per (client, program): her
 * intake answers with the version of the questions she saw (kept whole), and the agreement she
 * signed: its version, the SHA-256 of its text, her typed full name and the time.
 */
const clientProgramSchema = new mongoose.Schema(
  {
    userId: { type: Number, required: true },
    programId: { type: String, required: true },
    intake: {
      type: new mongoose.Schema(
        {
          version: { type: Number, required: true },
          questions: { type: [questionSchema], required: true },
          answers: { type: mongoose.Schema.Types.Mixed, required: true },
          answeredAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: undefined,
    },
    agreement: {
      type: new mongoose.Schema(
        {
          version: { type: Number, required: true },
          fullName: { type: String, required: true },
          textSha256: { type: String, required: true },
          acceptedAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: undefined,
    },
  },
  { collection: 'client_programs', versionKey: false, timestamps: true },
);
clientProgramSchema.index({ userId: 1, programId: 1 }, { unique: true });
export const ClientProgramModel = mongoose.model('ClientProgram', clientProgramSchema);

/** client_notes: the coach's notes on a client in a program; only `shared` ones are ever shown to her. */
const clientNoteSchema = new mongoose.Schema(
  {
    userId: { type: Number, required: true },
    programId: { type: String, required: true },
    text: { type: String, required: true, maxlength: 5000 },
    shared: { type: Boolean, required: true },
  },
  { collection: 'client_notes', versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);
clientNoteSchema.index({ userId: 1, createdAt: 1 });
export const ClientNoteModel = mongoose.model('ClientNote', clientNoteSchema);

/** client_homework: a prompt the coach set a client in a program, and her answer once given. */
const homeworkSchema = new mongoose.Schema(
  {
    userId: { type: Number, required: true },
    programId: { type: String, required: true },
    prompt: { type: String, required: true, maxlength: 2000 },
    answer: { type: String, maxlength: 5000 },
    answeredAt: { type: Date },
  },
  { collection: 'client_homework', versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);
homeworkSchema.index({ userId: 1, createdAt: 1 });
export const HomeworkModel = mongoose.model('ClientHomework', homeworkSchema);
