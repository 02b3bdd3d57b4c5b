import { site } from '../../../shared/config/site.ts';
import { ContactEmail, Note, PageLink } from './prose.tsx';
import type { LegalDocument } from './types.ts';

export const disclaimer: LegalDocument = {
  summary: `What the coaching, content and AI companion of ${site.brand} are, and what they are not. Please read it before you book a session or act on anything you read here.`,
  sections: [
    {
      id: 'general',
      title: 'General Information',
      body: (
        <>
          <p>
            The content of this website, including articles and blog posts, guided practices, downloadable guides, posts
            in the Sacred Circle community and the replies of our AI companion, is provided by {site.brand} for general
            educational and inspirational purposes only. It reflects the experience and spiritual perspective of{' '}
            {site.name} and is not tailored to your individual circumstances.
          </p>
          <p>
            We take care to keep the website accurate and up to date, but we make no representation or warranty, express
            or implied, that its content is complete, current or suitable for any particular purpose. Any reliance you
            place on it is at your own discretion.
          </p>
          <p>
            This Disclaimer forms part of our <PageLink to="/legal/terms">Terms and Conditions</PageLink>. By using the
            website or any of our services you confirm that you have read and understood it.
          </p>
        </>
      ),
    },
    {
      id: 'coaching',
      title: 'The Nature of Coaching',
      body: (
        <>
          <p>
            Spiritual life coaching is a collaborative, forward-looking process that supports reflection, clarity,
            self-awareness and personal growth. {site.name} is a spiritual life coach, not a physician, psychiatrist,
            psychologist, counsellor, therapist, lawyer or financial adviser, and coaching is not a substitute for any
            of those professional relationships.
          </p>
          <p>Nothing in our sessions, programs, retreats, community or content is, or should be taken as:</p>
          <ul>
            <li>medical advice, diagnosis or treatment;</li>
            <li>psychological or psychiatric advice, psychotherapy or counselling;</li>
            <li>legal advice; or</li>
            <li>financial, investment or tax advice.</li>
          </ul>
          <p>
            You remain responsible for your own decisions and actions, during coaching and afterwards. Where a question
            calls for professional expertise we will encourage you to seek it, and we recommend that you consult a
            suitably qualified professional before making any significant medical, legal or financial decision.
          </p>
        </>
      ),
    },
    {
      id: 'medical',
      title: 'Health, Medical and Emergency Situations',
      body: (
        <>
          <p>
            The practices we share, such as meditation, breathwork, visualisation, journaling and gentle movement, are
            complementary wellbeing practices. They are not medical or psychological treatment and never replace the
            care of a qualified health professional. Please do not stop, change or delay any prescribed treatment or
            medication because of anything you have read on this website or heard in a session.
          </p>
          <p>
            If you live with a physical or mental health condition, are pregnant, or are under medical or psychological
            care, please speak to your doctor or therapist before starting breathwork, a retreat or any other intensive
            practice, and tell us about anything we should take into account.
          </p>
          <Note>
            <p>
              <strong>Coaching is not crisis intervention.</strong> Our sessions, community and AI companion are not
              monitored around the clock and cannot respond to emergencies. If you are in crisis, are thinking about
              harming yourself or someone else, or face any medical emergency, <strong>call 911</strong> or your local
              emergency number (112 in India) immediately, or go to the nearest hospital emergency department.
            </p>
          </Note>
          <p>
            If you are struggling and need someone to talk to, trained listeners are available free of charge: in the
            United States, call or text the 988 Suicide &amp; Crisis Lifeline; in India, call the Tele-MANAS mental
            health helpline on 14416.
          </p>
        </>
      ),
    },
    {
      id: 'ai-services',
      title: 'AI Services',
      body: (
        <>
          <p>
            Our website offers Soul Companion, an AI companion available on the Ask AI page and in the chat window, and
            some of our blog posts are written with the help of AI and labelled &lsquo;AI Generated&rsquo;. The
            companion is a computer program that produces automated replies. It is not {site.name}, not a human being,
            and not a coach, counsellor or health professional.
          </p>
          <p>
            AI replies can be incomplete, inaccurate or unsuitable for your situation, even when they sound confident.
            They are offered for reflection and inspiration only and are subject to everything else in this Disclaimer:
            they are not medical, psychological, legal or financial advice, and they cannot help in a crisis. Please do
            not rely on them for decisions about your health, safety, relationships, money or legal position.
          </p>
          <p>
            How the companion works, and how we handle what you tell it, is explained in our{' '}
            <PageLink to="/legal/ai-disclosure">AI Chatbot Disclosure</PageLink>.
          </p>
        </>
      ),
    },
    {
      id: 'results',
      title: 'No Guarantee of Results',
      body: (
        <>
          <p>
            Personal growth is deeply individual. What you gain from coaching depends on many things outside our
            control, including your circumstances, your readiness and the way you apply what you learn. We therefore do
            not promise or guarantee any particular outcome, whether emotional, spiritual, physical, relational,
            professional or financial, from any session, program, retreat or piece of content.
          </p>
          <p>
            Testimonials and client stories on this website are genuine accounts of individual experiences, shared with
            permission. They are not typical results and are not a promise that you will achieve the same or similar
            results. Figures we quote about our practice, such as years of experience or the number of people we have
            worked with, describe our history, not your likely outcome.
          </p>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      body: (
        <>
          <p>
            To the fullest extent permitted by law, {site.brand}, {site.name} and anyone working with us are not liable
            for any loss, injury or damage, whether direct, indirect, incidental or consequential, arising from your use
            of this website, your reliance on its content or on AI replies, or your participation in coaching, programs
            or retreats.
          </p>
          <p>
            Where liability cannot be excluded but may be limited, it is limited to the fees you paid us for the
            specific service that gave rise to the claim. Nothing in this Disclaimer excludes liability that cannot be
            excluded by law, such as liability for fraud or for death or personal injury caused by negligence, or limits
            the rights you have under consumer protection law. The full terms are set out in our{' '}
            <PageLink to="/legal/terms">Terms and Conditions</PageLink>.
          </p>
          <p>
            If you have any question about this Disclaimer, please write to us at <ContactEmail />.
          </p>
        </>
      ),
    },
  ],
};
