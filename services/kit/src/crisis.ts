/**
 * The fixed safety check of the guidance chat. A message about suicide or self-harm is never
 * passed to a language model: it gets this caring referral to emergency help instead (the
 * emergency number the legal disclaimer gives, and a crisis line).
 */

export const EMERGENCY_NUMBER = '911';
export const CRISIS_LINE = '988 Suicide & Crisis Lifeline';

export const CRISIS_REPLY =
  "I'm really glad you told me, and I'm so sorry you are carrying this much pain right now. " +
  "I'm an AI companion, so I can't give you the care you deserve in this moment, but people can. " +
  `If you are in immediate danger or might act on these thoughts, please call ${EMERGENCY_NUMBER} now. ` +
  `You can also call or text 988 to reach the ${CRISIS_LINE}: it is free, confidential and open day and night. ` +
  'If you can, reach out to someone you trust and let them stay with you. ' +
  'Your life matters, and you do not have to go through this alone.';

const CRISIS_PATTERNS: RegExp[] = [
  /\bsuicid/,
  /\bkill(?:ing)?\s+my\s*self\b/,
  /\b(?:end|ending|take|taking)\s+(?:my|this)\s+(?:own\s+)?life\b/,
  /\bend\s+it\s+all\b/,
  /\b(?:want|wanted|wanting|going|plan|planning)\s+to\s+die\b/,
  /\bwish\s+i\s+(?:was|were)\s+dead\b/,
  /\bbetter\s+off\s+dead\b/,
  /\b(?:don'?t|do\s+not|no\s+longer)\s+want\s+to\s+(?:live|be\s+alive|exist|wake\s+up)\b/,
  /\bno\s+(?:reason|point)\s+(?:to|in)\s+(?:live|living|going\s+on)\b/,
  /\bnot\s+worth\s+living\b/,
  /\bself[\s-]?harm/,
  /\b(?:hurt|hurting|harm|harming|cut|cutting|burn|burning)\s+my\s*self\b/,
  /\boverdos(?:e|ing)\b/,
];

/** The referral when the text speaks of suicide or self-harm, else undefined. */
export function crisisReplyFor(text: string): string | undefined {
  const normalized = text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ');
  return CRISIS_PATTERNS.some((pattern) => pattern.test(normalized)) ? CRISIS_REPLY : undefined;
}
