import type { SnapshotFrom } from 'xstate';
import type { DeckProfile } from '../../api/swipe';
import { BlockDialog, ReportDialog } from '../safety/SafetyDialogs';
import type { SwipeDeckEvent, swipeDeckMachine } from './swipeDeckMachine';

/**
 * The Block and Report dialogs of the deck machine's safety region. `onCancel` hands back the person,
 * so that the detail sheet the dialog replaced can open again.
 */
export function DeckSafetyDialogs({ state, send, onCancel }: { state: SnapshotFrom<typeof swipeDeckMachine>; send: (event: SwipeDeckEvent) => void; onCancel: (profile: DeckProfile) => void }) {
  const target = state.context.safety;
  const step = (state.value as { safety: string }).safety;
  if (!target || step === 'idle') return null;
  const { profile, alsoBlock } = target;
  const busy = step === 'blocking' || step === 'reporting';
  const cancel = () => {
    // A request on its way finishes first (its answer closes the dialog).
    if (busy) return;
    send({ type: 'CANCEL_SAFETY' });
    onCancel(profile);
  };
  if (step === 'confirmingBlock' || (step === 'blocking' && !alsoBlock)) {
    return <BlockDialog name={profile.name} busy={busy} onCancel={cancel} onConfirm={() => send({ type: 'CONFIRM_BLOCK' })} />;
  }
  return (
    <ReportDialog
      name={profile.name}
      busy={busy}
      offerBlock
      onCancel={cancel}
      onConfirm={(reason, text, block) => send({ type: 'CONFIRM_REPORT', reason, text, alsoBlock: block })}
    />
  );
}
