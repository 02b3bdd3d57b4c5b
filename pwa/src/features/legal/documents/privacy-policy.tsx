import { site } from '../../../shared/config/site.ts';
import { ContactEmail, Note, PageLink } from './prose.tsx';
import type { LegalDocument } from './types.ts';

export const privacyPolicy: LegalDocument = {
  summary: `How ${site.brand} collects, uses, shares and protects your personal information, and the choices and rights you have.`,
  sections: [
    {
      id: 'introduction',
      title: 'Introduction',
      body: (
        <>
          <p>
            {site.brand} (&ldquo;we&rdquo;, &ldquo;us&rdquo;, &ldquo;our&rdquo;) is the coaching practice of {site.name}
            . Coaching asks for trust, and we take the care of what you share with us as seriously as the coaching
            itself.
          </p>
          <p>
            This Privacy Policy explains what personal information we collect when you visit our website, create an
            account, join the Sacred Circle community, talk to our AI companion, contact us or take part in our
            coaching, and how we use and protect it. We are responsible for your personal information as the data
            fiduciary (or data controller) under the data protection laws that apply to us, including India&rsquo;s
            Digital Personal Data Protection Act, 2023 and, for visitors in the European Union or the United Kingdom,
            the General Data Protection Regulation.
          </p>
          <p>
            Please read this policy together with our <PageLink to="/legal/cookie-policy">Cookie Policy</PageLink> and
            our <PageLink to="/legal/ai-disclosure">AI Chatbot Disclosure</PageLink>.
          </p>
        </>
      ),
    },
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      body: (
        <>
          <h3>Information you give us</h3>
          <ul>
            <li>
              <strong>Account details:</strong> your name, username, e-mail address and password. We store your password
              only as a strong one-way hash, so that no one, including us, can read it.
            </li>
            <li>
              <strong>Community and profile:</strong> what you post and share in the Sacred Circle, your reflections,
              and the progress, journey milestones and achievements shown on your profile.
            </li>
            <li>
              <strong>Bookings and purchases:</strong> the sessions and programs you book, their dates, the amounts paid
              and the payment status.
            </li>
            <li>
              <strong>Messages:</strong> your name, e-mail address, subject and message when you use our contact form,
              and your e-mail address when you subscribe to our newsletter.
            </li>
            <li>
              <strong>Conversations with our AI companion:</strong> the messages you send it, handled as described
              below.
            </li>
            <li>
              <strong>Coaching:</strong> what you choose to share in sessions, programs and retreats, including any
              notes we keep to support your progress.
            </li>
          </ul>
          <h3>Information collected automatically</h3>
          <ul>
            <li>
              the pages you visit, the domain of the website that referred you or the campaign tags of the link, your
              device type, and actions such as clicking to book a call, counted by our own server without cookies and
              without storing your IP address (our <PageLink to="/legal/cookie-policy">Cookie Policy</PageLink> explains
              how; nothing is counted when your browser sends Global Privacy Control or Do Not Track);
            </li>
            <li>
              if you turn on notifications, the address your browser&rsquo;s push service gives us for your device, the
              keys that encrypt messages for it, the kinds of notification you chose and, for the weekly reflection
              reminder, the day, hour and time zone you picked;
            </li>
            <li>
              security records such as IP addresses and request times, which protect the website against abuse; and
            </li>
            <li>an anonymous visitor count and like count that do not identify you.</li>
          </ul>
          <h3>Information from others</h3>
          <p>
            When you book a call or a session, our scheduling and booking service sends us your name, e-mail address,
            chosen time and any answers you give on the booking form. When you pay, our payment processor confirms the
            payment to us. We never receive or store your full card or bank details.
          </p>
          <Note>
            <p>
              Coaching conversations can touch on your health, emotions, beliefs and relationships. Please share only
              what you are comfortable sharing. We use such information solely to provide the coaching you ask for, and
              we never use it for marketing.
            </p>
          </Note>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      title: 'How We Use Your Information',
      body: (
        <>
          <p>We use your personal information to:</p>
          <ul>
            <li>create and secure your account and let you sign in;</li>
            <li>deliver the sessions, programs, retreats and community you have joined;</li>
            <li>take bookings, process payments and refunds, and keep the accounting records the law requires;</li>
            <li>reply to your messages and send the newsletter you subscribed to;</li>
            <li>generate replies from our AI companion;</li>
            <li>understand how the website is used, and improve it; and</li>
            <li>protect our website, our members and our practice against fraud and abuse.</li>
          </ul>
          <p>
            We process your information because it is needed to provide a service you have asked for, because you have
            given your consent (for example to receive the newsletter or optional cookies), because the law requires it,
            or, where the law allows, for our legitimate interest in running a safe and useful website. Where we rely on
            consent, you may withdraw it at any time, and withdrawing it does not affect what we did before.
          </p>
          <p>
            We do not sell or rent your personal information, and we do not use it for automated decisions that have
            legal or similarly significant effects on you.
          </p>
        </>
      ),
    },
    {
      id: 'ai-companion',
      title: 'Our AI Companion',
      body: (
        <>
          <p>
            Messages you send to Soul Companion, our AI chatbot, are passed to a large-language-model provider to
            generate a reply. We do not keep full conversation histories: a conversation is cached temporarily for
            session continuity and then deleted, the companion does not remember earlier conversations, and your
            conversations are not used to train general AI models.
          </p>
          <p>
            You may ask us to delete any data processed from your conversations. The details are set out in our{' '}
            <PageLink to="/legal/ai-disclosure">AI Chatbot Disclosure</PageLink>.
          </p>
        </>
      ),
    },
    {
      id: 'sharing-and-third-parties',
      title: 'Sharing and Third Parties',
      body: (
        <>
          <p>
            We share personal information only with service providers who help us run our practice, only as far as they
            need it, and under agreements that require them to protect it and use it only on our instructions:
          </p>
          <ul>
            <li>
              <strong>your browser&rsquo;s push service</strong>, which delivers the notifications you turn on,
              encrypted so that only your device can read them;
            </li>
            <li>
              <strong>a scheduling and booking service</strong>, which manages your calls and sessions;
            </li>
            <li>
              <strong>payment processors</strong>, which handle your payments and refunds securely; and
            </li>
            <li>
              <strong>a large-language-model provider</strong>, which generates the replies of our AI companion.
            </li>
          </ul>
          <p>
            We may also disclose information when the law requires it, to protect someone from serious harm, or to
            establish or defend a legal claim. Other members see only what you choose to post in the Sacred Circle and
            the name you show there.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <p>
          We use essential cookies to keep you signed in and the website secure, and, where you allow them, functional
          and marketing cookies. We count visits without cookies. Our{' '}
          <PageLink to="/legal/cookie-policy">Cookie Policy</PageLink> explains each category and how to control it.
        </p>
      ),
    },
    {
      id: 'international-transfers',
      title: 'International Transfers',
      body: (
        <p>
          Some of our service providers process information on servers outside India or outside the country where you
          live. When that happens, we make sure the transfer is permitted by law and that your information keeps an
          equivalent level of protection, for example through contractual safeguards.
        </p>
      ),
    },
    {
      id: 'data-retention',
      title: 'How Long We Keep Your Information',
      body: (
        <>
          <p>We keep personal information only as long as we need it:</p>
          <ul>
            <li>account, profile and community information for as long as your account is open;</li>
            <li>
              coaching notes for the duration of our work together and a reasonable period afterwards, so that we can
              support you if you return;
            </li>
            <li>contact messages for as long as needed to answer them and to follow up;</li>
            <li>payment and booking records for the period required by tax and accounting laws;</li>
            <li>AI conversations only temporarily, as described above;</li>
            <li>records of visits for 90 days, after which only daily totals remain; and</li>
            <li>
              notification subscriptions until you turn notifications off, or your browser&rsquo;s push service tells us
              that the subscription has ended.
            </li>
          </ul>
          <p>
            When you close your account, we delete or anonymise your information, except for what the law requires us to
            keep.
          </p>
        </>
      ),
    },
    {
      id: 'data-security',
      title: 'Data Security',
      body: (
        <p>
          We protect your information with encrypted connections, one-way hashed passwords, secure session cookies that
          scripts cannot read, access limited to those who need it, and regular review of our systems. No method of
          transmission or storage is completely secure, but if a breach affecting your information ever occurs, we will
          inform you and the relevant authorities as the law requires.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your Rights',
      body: (
        <>
          <p>Subject to the law that applies to you, you have the right to:</p>
          <ul>
            <li>know what personal information we hold about you and receive a copy of it;</li>
            <li>have inaccurate or incomplete information corrected and updated;</li>
            <li>have your information deleted;</li>
            <li>withdraw your consent, and unsubscribe from the newsletter at any time;</li>
            <li>object to or restrict certain uses of your information, and receive it in a portable format;</li>
            <li>nominate someone to exercise your rights if you are unable to; and</li>
            <li>raise a grievance with us, and complain to the data protection authority where you live.</li>
          </ul>
          <p>
            To exercise any of these rights, write to us at <ContactEmail />. We may ask you to confirm your identity
            before acting on a request. We answer privacy requests within 30 days.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: "Children's Privacy",
      body: (
        <p>
          Our website and services are intended for adults aged 18 and over. We do not knowingly collect personal
          information from children. If you believe a child has given us personal information, please contact us and we
          will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      body: (
        <p>
          We may update this Privacy Policy from time to time. The date at the top of this page shows when it last
          changed, and if we make a significant change we will tell account holders by e-mail before it takes effect.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <p>
          If you have a question, request or concern about your privacy, please write to {site.name} at <ContactEmail />
          . We will acknowledge your message and give you a full answer within 30 days at the latest.
        </p>
      ),
    },
  ],
};
