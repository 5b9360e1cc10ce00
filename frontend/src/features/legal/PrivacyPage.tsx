import { LegalLayout } from './LegalLayout';

export function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy">
      <p>Nocturne is a dating app for adults. This page says what we keep about you, why, and how you can make us forget it.</p>

      <h2>What we keep</h2>
      <ul>
        <li>Your account: username, email address, name, age and a hash of your password (never the password itself).</li>
        <li>Your profile: gender, bio, photos, kinks, interests and your notification choices.</li>
        <li>What you do here: likes, passes, matches and the messages you exchange with your matches.</li>
        <li>Your time zone, so that the night opens at 8:00 PM where you are.</li>
      </ul>

      <h2>Your location</h2>
      <p>
        Location is optional and only used when you allow it. Your exact position is never shared: it stays on our servers, visible to you alone. Other people
        only see a distance in whole kilometres, worked out from a position rounded to a grid of about one kilometre, so nobody can pin down where you are.
      </p>

      <h2>Your photos</h2>
      <p>Every photo is re-encoded when you upload it and stripped of all its metadata, including any GPS position your camera wrote into it.</p>

      <h2>Who sees what</h2>
      <p>
        Other members see your public profile: name, age, photos, bio, kinks, interests and a rounded distance. Your email address, exact location and settings
        are never shown to anyone. We do not sell your data and we do not share it with advertisers.
      </p>

      <h2>Deleting your account</h2>
      <p>
        You can delete your account at any time from Settings. Your account, profile, photos, matches and messages are then erased from every part of Nocturne
        and you are signed out everywhere.
      </p>

      <h2>Adults only</h2>
      <p>Nocturne is only for people aged 18 or over. We do not knowingly keep data about anyone younger, and we delete such accounts when we find them.</p>
    </LegalLayout>
  );
}
