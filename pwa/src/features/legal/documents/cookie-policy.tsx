import { site } from '../../../shared/config/site.ts';
import { ContactEmail, DataTable, PageLink } from './prose.tsx';
import type { LegalDocument } from './types.ts';

export const cookiePolicy: LegalDocument = {
  summary: 'Which cookies and similar technologies our website uses, why we use them, and how you can control them.',
  sections: [
    {
      id: 'what-are-cookies',
      title: 'What Are Cookies',
      body: (
        <>
          <p>
            Cookies are small text files that a website stores on your device when you visit it. They let the site
            remember things from one page or visit to the next, such as the fact that you are signed in. Similar
            technologies, such as your browser&rsquo;s local storage, work in much the same way; this policy covers them
            too, and where we say &ldquo;cookies&rdquo; we mean all of them.
          </p>
          <p>
            Cookies set by {site.brand} are first-party cookies; cookies set by services we work with are third-party
            cookies. Session cookies disappear when you close your browser, while persistent cookies remain for a set
            period or until you delete them.
          </p>
          <p>
            This Cookie Policy explains which cookies we use and why. How we handle your personal information in general
            is explained in our <PageLink to="/legal/privacy-policy">Privacy Policy</PageLink>, and your use of the
            website is governed by our <PageLink to="/legal/terms">Terms and Conditions</PageLink>.
          </p>
        </>
      ),
    },
    {
      id: 'types-we-use',
      title: 'Types of Cookies We Use',
      body: (
        <>
          <p>We group the cookies on this website into four categories:</p>
          <DataTable
            caption="Cookie categories"
            head={['Category', 'What it is for', 'Your control']}
            rows={[
              ['Essential', 'Session, security, navigation and form data', 'Always active; cannot be disabled'],
              [
                'Analytics',
                'Counting visits and what visitors do, by our own server, without cookies',
                'Nothing is counted when your browser sends Global Privacy Control or Do Not Track',
              ],
              ['Functional', 'Theme, language, accessibility and chat context', 'You can opt out'],
              ['Marketing', 'Measuring and tailoring our outreach', 'Optional; only with your consent'],
            ]}
          />
          <h3>Essential cookies</h3>
          <p>
            These cookies make the website work and keep it secure. They are always active and cannot be disabled,
            because the site cannot function without them. They are used for:
          </p>
          <ul>
            <li>
              <strong>Session:</strong> keeping you signed in as you move between pages. Our session cookie cannot be
              read by scripts on the page.
            </li>
            <li>
              <strong>Security:</strong> protecting your account and the website against forged requests and abuse.
            </li>
            <li>
              <strong>Navigation:</strong> loading pages correctly, including the copies our installable app keeps so
              that it opens quickly and works offline.
            </li>
            <li>
              <strong>Form data:</strong> keeping what you have entered in a form, such as a contact message, until you
              send it.
            </li>
          </ul>
          <h3>Analytics</h3>
          <p>
            We set no analytics cookies. How our own server counts visits, without cookies, is described in the next
            section.
          </p>
          <h3>Functional cookies</h3>
          <p>These cookies remember the choices you make, so that the website feels familiar when you return:</p>
          <ul>
            <li>
              <strong>Theme</strong> and display preferences;
            </li>
            <li>
              <strong>Language</strong> preferences;
            </li>
            <li>
              <strong>Accessibility</strong> settings, such as reduced motion;
            </li>
            <li>
              <strong>Chat context</strong>, which keeps your current conversation with our AI companion coherent during
              your visit.
            </li>
          </ul>
          <p>
            In the same way, your browser&rsquo;s local storage remembers whether you have already liked the website,
            whether you have visited before (so that each visitor is counted once in the visitor count) and whether you
            have switched off the gentle &lsquo;whisper&rsquo; messages, and which notifications you turned on on this
            device. The browser tab&rsquo;s session storage remembers the blog post you read last in that tab, so that
            an action you take afterwards is counted for that post; it is gone when you close the tab.
          </p>
          <h3>Marketing cookies</h3>
          <p>
            Marketing cookies are optional. They help us understand whether our newsletters and campaigns reach the
            people they are meant for. We set them only with your consent, and declining them does not affect any other
            part of the website. We never sell information collected through cookies.
          </p>
        </>
      ),
    },
    {
      id: 'analytics',
      title: 'Analytics',
      body: (
        <>
          <p>
            We count how our website is used with our own server, without cookies and without any third-party analytics
            service. When a page opens, your browser sends us the page&rsquo;s address, the domain of the website that
            linked to it or the campaign tags in the link (utm_source, utm_medium and utm_campaign), and whether you use
            a phone, a tablet or a computer, which our server works out from your browser&rsquo;s user agent. It also
            tells us when you click to book a call, open a WhatsApp chat, start a chat with our AI companion, subscribe
            to or confirm the newsletter, or take the free guide, with the blog post you read last in that tab.
            Purchases are counted from our own payment records, never from your browser.
          </p>
          <p>
            To count each visitor once a day, our server combines your IP address and your browser&rsquo;s user agent
            with a random value that changes every day into a one-way hash. The hash only updates a daily counter and is
            not stored; the day&rsquo;s random value is deleted when the day ends, so visits cannot be linked from one
            day to the next or to you. No IP address, user agent or hash is stored with the records of visits. These
            records are deleted after 90 days; only the daily totals are kept after that. We do not combine them with
            your account or with the messages you send us.
          </p>
          <p>
            When your browser sends Global Privacy Control or Do Not Track, it sends us nothing and nothing is counted.
          </p>
          <p>Analytics help us to:</p>
          <ul>
            <li>understand which articles and programs are most helpful to our visitors;</li>
            <li>find and fix pages that are slow, confusing or hard to use; and</li>
            <li>keep the website accessible on the devices our visitors actually use.</li>
          </ul>
          <p>
            The visitor count and the &lsquo;liked by&rsquo; count shown at the foot of each page are simple totals kept
            by our own server. They count visits and likes without recording who you are.
          </p>
        </>
      ),
    },
    {
      id: 'your-choices',
      title: 'Your Choices',
      body: (
        <>
          <p>You are in control of every cookie that is not essential:</p>
          <ul>
            <li>
              <strong>Browser settings.</strong> Every major browser lets you see, block and delete cookies and site
              data in its privacy settings. You can block all cookies, only third-party cookies, or clear them when you
              close the browser.
            </li>
            <li>
              <strong>Marketing consent.</strong> Marketing cookies are set only if you agree, and you can withdraw that
              consent at any time by deleting them in your browser or by writing to us.
            </li>
            <li>
              <strong>Local storage.</strong> Clearing this website&rsquo;s site data in your browser resets your like,
              your visit record, your whisper setting and your notification choices on that device.
            </li>
            <li>
              <strong>Counting visits.</strong> Turn on Global Privacy Control or Do Not Track in your browser, and we
              count nothing of your visits.
            </li>
            <li>
              <strong>Notifications.</strong> Notifications come only when you turn them on with a &lsquo;Notify
              me&rsquo; button or in your profile&rsquo;s Notifications tab; turn them off there or in your
              browser&rsquo;s site settings.
            </li>
          </ul>
          <p>
            Please note that if you block essential cookies, you will not be able to sign in, and parts of the website
            may not work as intended. Opting out of analytics and functional cookies does not stop you using the
            website, although it may no longer remember your preferences.
          </p>
        </>
      ),
    },
    {
      id: 'third-party',
      title: 'Third-Party Services',
      body: (
        <>
          <p>
            Some parts of our service are provided by carefully chosen partners. They may set their own cookies when you
            use the part of the service they provide, under their own cookie and privacy policies:
          </p>
          <ul>
            <li>
              <strong>Your browser&rsquo;s push service</strong> (run by your browser&rsquo;s maker, for example Google,
              Apple, Mozilla or Microsoft), which delivers the notifications you turn on. Each message is encrypted so
              that only your browser can read it, and no cookie is set for it.
            </li>
            <li>
              <strong>A scheduling and booking service</strong>, which hosts the page where you book your free clarity
              call or a session.
            </li>
            <li>
              <strong>Payment processors</strong>, which handle your payment securely and use cookies to prevent fraud.
            </li>
            <li>
              <strong>A large-language-model provider</strong>, which generates the replies of our AI companion. Your
              messages reach it through our own servers, so it does not set cookies on your device.
            </li>
          </ul>
          <p>
            When you follow a link to our social media profiles or to our messaging-app chat, those platforms may set
            their own cookies. We do not control third-party cookies, so we encourage you to read the policies of these
            services.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <>
          <p>
            If you have any question about this Cookie Policy or the way we use cookies, please write to us at{' '}
            <ContactEmail />. We respond within 48 hours.
          </p>
          <p>
            For more about how we protect your personal information, please read our{' '}
            <PageLink to="/legal/privacy-policy">Privacy Policy</PageLink> and our{' '}
            <PageLink to="/legal/terms">Terms and Conditions</PageLink>.
          </p>
        </>
      ),
    },
  ],
};
