import { site } from '../../../shared/config/site.ts';
import { COOLING_OFF_THRESHOLD, PROGRAM_FEES, feeText, formatInr } from './fees.ts';
import { ContactEmail, FeeTable, PageLink } from './prose.tsx';
import type { LegalDocument } from './types.ts';

export const terms: LegalDocument = {
  summary: `The agreement between you and ${site.brand} when you use this website, join the community or take part in our coaching.`,
  sections: [
    {
      id: 'acceptance',
      title: 'Acceptance of These Terms',
      body: (
        <>
          <p>
            These Terms and Conditions (&ldquo;Terms&rdquo;) govern your use of this website and of the coaching
            services offered by {site.name}, trading as {site.brand} (&ldquo;we&rdquo;, &ldquo;us&rdquo;,
            &ldquo;our&rdquo;). By browsing the website, creating an account, booking a session or buying a program, you
            agree to these Terms.
          </p>
          <p>
            Our <PageLink to="/legal/privacy-policy">Privacy Policy</PageLink>,{' '}
            <PageLink to="/legal/refund-policy">Refund &amp; Cancellation Policy</PageLink>,{' '}
            <PageLink to="/legal/disclaimer">Disclaimer</PageLink>,{' '}
            <PageLink to="/legal/cookie-policy">Cookie Policy</PageLink> and{' '}
            <PageLink to="/legal/ai-disclosure">AI Chatbot Disclosure</PageLink> form part of these Terms. If you do not
            agree with them, please do not use the website or our services.
          </p>
        </>
      ),
    },
    {
      id: 'our-services',
      title: 'Our Services',
      body: (
        <>
          <p>We offer spiritual life coaching and related resources, including:</p>
          <ul>
            <li>a free 30-minute clarity call, so that we can see together whether coaching is right for you;</li>
            <li>individual sessions, multi-week programs and long-term one-on-one mentorship;</li>
            <li>a monthly group circle and residential retreats;</li>
            <li>the Sacred Circle, a members-only online community; and</li>
            <li>our blog, newsletter and Soul Companion, an AI chatbot.</li>
          </ul>
          <p>
            Sessions take place online by video call unless a program states otherwise. The content, schedule and format
            of each program are described on our <PageLink to="/coaching">Coaching</PageLink> page and confirmed when
            you book. Coaching is not therapy, medical care or professional advice; please read our{' '}
            <PageLink to="/legal/disclaimer">Disclaimer</PageLink> before you begin.
          </p>
        </>
      ),
    },
    {
      id: 'eligibility-and-accounts',
      title: 'Eligibility and Accounts',
      body: (
        <>
          <p>
            You must be at least 18 years old to create an account or to book our services. When you create an account,
            you agree to:
          </p>
          <ul>
            <li>give accurate information and keep it up to date;</li>
            <li>keep your password confidential and not share your account with anyone else; and</li>
            <li>tell us at once if you believe someone has used your account without your permission.</li>
          </ul>
          <p>You are responsible for everything done through your account.</p>
        </>
      ),
    },
    {
      id: 'fees-and-payment',
      title: 'Fees and Payment',
      body: (
        <>
          <p>Our standard program fees are:</p>
          <FeeTable />
          <p>
            All fees are in Indian rupees (INR) and written in the Indian numbering system: for example,{' '}
            {formatInr(PROGRAM_FEES.mastery.fee)} is one hundred and twenty-five thousand rupees (INR 125,000).
            Applicable taxes, if any, are shown before you pay.
          </p>
          <p>
            From time to time we offer introductory or seasonal prices, which are shown on our{' '}
            <PageLink to="/coaching">Coaching</PageLink> page. The price confirmed when you book is the price you pay,
            and any refund is calculated on the amount you actually paid.
          </p>
          <ul>
            <li>
              Fees are payable in full when you book, unless we have agreed an instalment plan with you in writing.
            </li>
            <li>
              The {PROGRAM_FEES.circle.name} is billed at {feeText(PROGRAM_FEES.circle)}, in advance, until you cancel
              it.
            </li>
            <li>
              Payments are handled by our payment processors; we never see or store your full card or bank details.
            </li>
            <li>Your place is confirmed once we have received your payment.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'cancellations-and-refunds',
      title: 'Cancellations and Refunds',
      body: (
        <>
          <p>
            We understand that life changes. You may reschedule a session by giving at least 24 hours&rsquo; notice, and
            paid sessions must be used within 90 days. Programs over {formatInr(COOLING_OFF_THRESHOLD)} come with a
            48-hour cooling-off period, and refunds are processed within 7-14 business days.
          </p>
          <p>
            The full rules for each program, including the refund tiers for the {PROGRAM_FEES.retreat.name}, are set out
            in our <PageLink to="/legal/refund-policy">Refund &amp; Cancellation Policy</PageLink>, which prevails over
            this summary.
          </p>
        </>
      ),
    },
    {
      id: 'client-responsibilities',
      title: 'Your Responsibilities in Coaching',
      body: (
        <>
          <p>Coaching works best as a partnership. As a client, you agree to:</p>
          <ul>
            <li>arrive on time for sessions, in a quiet and private space where you can speak freely;</li>
            <li>be honest with us, and tell us if something in our work is not serving you;</li>
            <li>
              tell us before you begin about any health condition that might affect your participation, especially in
              breathwork or at a retreat;
            </li>
            <li>keep confidential what other participants share in group programs, circles and retreats; and</li>
            <li>not record a session without the agreement of everyone present.</li>
          </ul>
          <p>You remain responsible for your own choices, actions and results, during coaching and afterwards.</p>
        </>
      ),
    },
    {
      id: 'confidentiality',
      title: 'Confidentiality',
      body: (
        <p>
          What you share in coaching is kept confidential. We do not record sessions unless you ask us to. We disclose
          information only with your consent, when the law requires it, or when we believe there is a serious and
          imminent risk of harm to you or to someone else. Our{' '}
          <PageLink to="/legal/privacy-policy">Privacy Policy</PageLink> explains how we store and protect your
          information.
        </p>
      ),
    },
    {
      id: 'community-guidelines',
      title: 'Sacred Circle Community Guidelines',
      body: (
        <>
          <p>The Sacred Circle is a space of kindness and trust. When you post or comment there, you agree not to:</p>
          <ul>
            <li>harass, shame or threaten anyone, or post hateful, violent or sexually explicit content;</li>
            <li>share other members&rsquo; stories or personal details outside the community;</li>
            <li>advertise, sell or promote products or services, or post spam; or</li>
            <li>give medical, legal or financial advice, or claim that a practice can cure an illness.</li>
          </ul>
          <p>
            You keep ownership of what you post, and you allow us to display it to other members. We may remove content
            that breaks these guidelines and suspend members who repeatedly or seriously break them.
          </p>
        </>
      ),
    },
    {
      id: 'ai-companion',
      title: 'Our AI Companion',
      body: (
        <p>
          Soul Companion is an automated AI chatbot, not a person and not {site.name}. Its replies are offered for
          reflection only and may be inaccurate. You agree not to misuse it, for example by trying to make it produce
          harmful content, by submitting automated or excessive requests, or by attempting to extract its instructions.
          Our <PageLink to="/legal/ai-disclosure">AI Chatbot Disclosure</PageLink> explains how it works and how your
          messages are handled.
        </p>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      body: (
        <p>
          The website and everything on it, including texts, guided practices, program materials, recordings, images and
          our name and logo, belong to {site.brand} or are used with permission. You may view, download and print them
          for your own personal, non-commercial use. You may not copy, share, resell, teach or publish our materials, in
          whole or in part, without our written permission.
        </p>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable Use of the Website',
      body: (
        <p>
          You agree to use the website lawfully and not to interfere with its operation or security: for example, not to
          attempt to gain unauthorised access to any account or system, introduce malicious code, overload the website,
          or collect data from it by automated means.
        </p>
      ),
    },
    {
      id: 'limitation-of-liability',
      title: 'Limitation of Liability',
      body: (
        <>
          <p>
            We provide the website and our services with care, but we do not guarantee any particular result, and the
            website is provided &ldquo;as is&rdquo; without warranty that it will always be available or free of errors.
          </p>
          <p>
            To the fullest extent permitted by law, we are not liable for any indirect or consequential loss, and our
            total liability for any claim is limited to the fees you paid us for the service that gave rise to it.
            Nothing in these Terms excludes or limits liability that cannot be excluded or limited by law, or affects
            your statutory rights as a consumer.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and Termination',
      body: (
        <p>
          You may close your account at any time by writing to us. We may suspend or close an account that breaks these
          Terms, after giving you notice where it is reasonable to do so. Any refund on termination follows our{' '}
          <PageLink to="/legal/refund-policy">Refund &amp; Cancellation Policy</PageLink>.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing Law and Disputes',
      body: (
        <p>
          These Terms are governed by the laws of India. If a disagreement arises, please write to us first: most
          concerns can be resolved quickly and kindly in conversation. Any dispute we cannot resolve together will be
          subject to the jurisdiction of the competent courts in India, without prejudice to any right you have to bring
          a claim where you live under consumer protection law.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      body: (
        <p>
          We may update these Terms from time to time. The date at the top of this page shows when they last changed.
          Significant changes will be announced to account holders by e-mail, and they do not affect services you have
          already booked and paid for.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <p>
          If you have any question about these Terms, please write to us at <ContactEmail />.
        </p>
      ),
    },
  ],
};
