import { RETREAT_NO_REFUND, RETREAT_TIERS } from '@coach/site-rules';
import { site } from '../../../shared/config/site.ts';
import {
  COOLING_OFF_THRESHOLD,
  PROGRAM_FEE_LIST,
  PROGRAM_FEES,
  feeText,
  formatInr,
  type PolicyProgram,
} from './fees.ts';
import { ContactEmail, DataTable, Note, PageLink } from './prose.tsx';
import type { LegalDocument } from './types.ts';

const { soulSpark, innerPeace, healToRise, mastery, circle, retreat } = PROGRAM_FEES;

/** The programs whose fee is above the threshold carry the cooling-off period. */
const coolingOffPrograms = PROGRAM_FEE_LIST.filter((program) => program.fee > COOLING_OFF_THRESHOLD);

/** The fee with the program's length: "₹35,000 (8 weeks)". */
const feeAndLength = (program: PolicyProgram): string => `${feeText(program)} (${program.length})`;

export const refundPolicy: LegalDocument = {
  summary:
    'How to cancel or reschedule a session, program or retreat, when a refund is due, and how quickly you receive it.',
  sections: [
    {
      id: 'overview',
      title: 'Overview',
      body: (
        <>
          <p>
            We want you to begin your coaching journey with confidence, and we know that life does not always go to
            plan. This Refund &amp; Cancellation Policy explains how you can cancel or reschedule, and what refund you
            can expect, for every program you book with {site.brand}. It forms part of our{' '}
            <PageLink to="/legal/terms">Terms and Conditions</PageLink>.
          </p>
          <p>
            The free 30-minute clarity call costs nothing, and you can cancel or move it at any time through the link in
            your booking confirmation. Nothing in this policy affects your statutory rights as a consumer.
          </p>
        </>
      ),
    },
    {
      id: 'programs-at-a-glance',
      title: 'Programs and Fees at a Glance',
      body: (
        <>
          <DataTable
            caption="Standard fees and the main cancellation terms"
            head={['Program', 'Fee', 'In short']}
            rows={[
              [soulSpark.name, feeText(soulSpark), 'Full refund if you cancel at least 24 hours before the session'],
              ...[innerPeace, healToRise, mastery].map((program) => [
                program.name,
                feeAndLength(program),
                '48-hour cooling-off period',
              ]),
              [circle.name, feeText(circle), 'Cancel any time before your next monthly payment'],
              [
                retreat.name,
                feeAndLength(retreat),
                `48-hour cooling-off period, then a refund of ${RETREAT_TIERS[0].percent}% down to ${RETREAT_TIERS[RETREAT_TIERS.length - 1].percent}% depending on notice`,
              ],
            ]}
          />
          <p>
            Fees are in Indian rupees (INR); {formatInr(mastery.fee)} is one hundred and twenty-five thousand rupees
            (INR 125,000). Where you booked at an introductory or seasonal price, every refund is calculated on the
            amount you actually paid.
          </p>
        </>
      ),
    },
    {
      id: 'cooling-off-period',
      title: '48-Hour Cooling-Off Period',
      body: (
        <>
          <p>
            Committing to a longer program is a big decision. For every program with a fee over{' '}
            {formatInr(COOLING_OFF_THRESHOLD)}, you may cancel within 48 hours of your payment and receive a full
            refund, without giving any reason. This 48-hour cooling-off period applies to:
          </p>
          <ul>
            {coolingOffPrograms.map((program) => (
              <li key={program.name}>
                {program.name} ({feeText(program)})
              </li>
            ))}
          </ul>
          <p>
            If your first session takes place within those 48 hours, the cooling-off period ends when that session
            begins. After the cooling-off period, the terms for each program below apply.
          </p>
        </>
      ),
    },
    {
      id: 'soul-spark-session',
      title: 'Soul Spark Session',
      body: (
        <>
          <p>
            The {soulSpark.name} ({feeText(soulSpark)}) is a single 90-minute session. If you cancel at least 24 hours
            before its scheduled start, you receive a full refund.
          </p>
          <p>
            Cancellations made less than 24 hours before the session, and sessions missed without notice, are not
            refunded, because that time was reserved for you alone. If an emergency keeps you away, please tell us as
            soon as you can; we will always consider offering you a new time. A {soulSpark.name} must be used within 90
            days of purchase.
          </p>
        </>
      ),
    },
    {
      id: 'multi-week-programs',
      title: 'Multi-Week Programs and Mentorship',
      body: (
        <>
          <p>This section covers our longer programs:</p>
          <ul>
            {[innerPeace, healToRise, mastery].map((program) => (
              <li key={program.name}>
                {program.name}: {feeText(program)} for {program.length}
              </li>
            ))}
          </ul>
          <p>
            After the 48-hour cooling-off period, program fees are not refundable. From that point your place, the
            sessions with {site.name} and your program materials are reserved for the whole program, and for group
            programs other participants begin the journey with you.
          </p>
          <p>
            If a serious illness, a bereavement or another circumstance beyond your control prevents you from
            continuing, please write to us. We will look for a fair solution with you, such as pausing your program,
            moving you to a later group, or crediting unused sessions towards another offering.
          </p>
        </>
      ),
    },
    {
      id: 'group-transformation-circle',
      title: 'Group Transformation Circle',
      body: (
        <p>
          The {circle.name} is a monthly membership at {feeText(circle)}, billed in advance. You may cancel at any time
          before your next monthly payment; your membership then ends at the close of the month you have already paid
          for, and no further payments are taken. A month that has already begun is not refunded.
        </p>
      ),
    },
    {
      id: 'retreat-cancellations',
      title: 'Breakthrough Weekend Retreat',
      body: (
        <>
          <p>
            The {retreat.name} ({feeText(retreat)}) is a residential program of {retreat.length}. Because we commit to
            the venue, accommodation and meals well in advance, refunds after the 48-hour cooling-off period depend on
            how much notice you give before the retreat begins:
          </p>
          <DataTable
            caption="Retreat refund tiers"
            head={['Notice before the retreat begins', 'Refund of the retreat fee']}
            rows={[...RETREAT_TIERS.map((tier) => [tier.notice, `${tier.percent}%`]), [RETREAT_NO_REFUND, 'No refund']]}
          />
          <p>
            Notice is counted from the day we receive your written cancellation. Instead of cancelling, you may transfer
            your place to another adult free of charge by telling us their name at least 7 days before the retreat
            begins.
          </p>
          <p>
            Travel, visa and insurance costs are your own and are not refundable by us, so we recommend that you take
            out travel insurance when you book.
          </p>
        </>
      ),
    },
    {
      id: 'rescheduling',
      title: 'Rescheduling and Session Validity',
      body: (
        <>
          <ul>
            <li>
              <strong>24-hour notice.</strong> You may reschedule any one-on-one session, including sessions that are
              part of a program, by giving at least 24 hours&rsquo; notice through your booking link or by e-mail.
            </li>
            <li>
              <strong>Late notice and missed sessions.</strong> A session cancelled with less than 24 hours&rsquo;
              notice, or missed without notice, counts as used. If you arrive late, the session still ends at its
              scheduled time.
            </li>
            <li>
              <strong>Use within 90 days.</strong> Sessions are usable within 90 days: a single session within 90 days
              of purchase, and a rescheduled program session within 90 days of its original date. Sessions not used
              within that time lapse and are not refunded.
            </li>
          </ul>
          <p>
            Group sessions, circles and retreat days take place on fixed dates and cannot be rescheduled individually.
          </p>
        </>
      ),
    },
    {
      id: 'if-we-cancel',
      title: 'If We Cancel or Reschedule',
      body: (
        <p>
          If {site.name} must cancel or move a session because of illness or an emergency, we will offer you a new time
          as soon as possible. If no new time suits you, you receive a full refund for the part of the service not
          delivered. If we cancel a retreat, we refund the retreat fee in full. Where events beyond anyone&rsquo;s
          control prevent a program or retreat from going ahead as planned, we will offer you a new date, an online
          alternative, or a refund for the part not delivered.
        </p>
      ),
    },
    {
      id: 'requesting-a-refund',
      title: 'How to Request a Refund',
      body: (
        <>
          <p>
            To cancel or request a refund, write to us at <ContactEmail /> from the e-mail address you booked with, and
            include:
          </p>
          <ul>
            <li>your full name;</li>
            <li>the program or session, and its date; and</li>
            <li>the date of your payment.</li>
          </ul>
          <p>
            You do not need to give a reason, although we always welcome knowing how we could have served you better. We
            confirm every request in writing.
          </p>
        </>
      ),
    },
    {
      id: 'refund-processing',
      title: 'Refund Processing',
      body: (
        <>
          <p>
            Approved refunds are processed within 7-14 business days to the payment method you used. Your bank or card
            provider may take a few more days to show the amount in your account.
          </p>
          <Note>
            <p>
              Refunds are paid in Indian rupees. If you paid in another currency, the amount you receive may differ
              slightly because of exchange rates and your card provider&rsquo;s charges, which are outside our control.
            </p>
          </Note>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <p>
          If you have any question about this policy, or would like to talk through your options before cancelling,
          please write to us at <ContactEmail />. We are always happy to find a way forward together.
        </p>
      ),
    },
  ],
};
