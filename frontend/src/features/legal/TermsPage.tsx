import { LegalLayout } from './LegalLayout';

export function TermsPage() {
  return (
    <LegalLayout title="Terms of Service">
      <p>By creating an account you agree to these terms. They are short because the rules are simple: be an adult, be honest and be kind.</p>

      <h2>Age</h2>
      <p>You must be at least 18 years old to use Nocturne. Accounts of anyone younger are removed.</p>

      <h2>Your account</h2>
      <ul>
        <li>Use your own name, age and photos. Do not pretend to be someone else.</li>
        <li>Keep your password to yourself; you are responsible for what happens under your account.</li>
        <li>You can delete your account at any time from Settings; deletion is permanent.</li>
      </ul>

      <h2>Consent and respect</h2>
      <ul>
        <li>Nocturne is open about kinks and desires. Sharing them is an invitation to talk, never consent to anything.</li>
        <li>No harassment, threats, hate, or pressure. No sharing of anyone's photos or messages without their permission.</li>
        <li>Never try to work out where another member lives or is. Meet in public places and tell a friend where you are going.</li>
      </ul>

      <h2>Your content</h2>
      <p>
        Your photos and words stay yours. You let us show them to other members as part of your profile and conversations. Do not upload anything you have no
        right to share, or anything showing a person under 18.
      </p>

      <h2>Plans</h2>
      <p>Paid plans are simulated at the moment: no payment is ever taken.</p>

      <h2>Ending things</h2>
      <p>We may suspend or remove accounts that break these terms. You may leave whenever you like.</p>
    </LegalLayout>
  );
}
