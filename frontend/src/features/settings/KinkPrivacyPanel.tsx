import { audienceOfKink } from '@nocturne/contracts';
import styled from 'styled-components';
import { fetchKinkVisibility, saveKinkVisibility } from '../../api/profileGraphql';
import { FlameIcon } from '../../components/icons';
import { SectionTitle } from '../../components/SectionTitle';
import { Panel } from '../../components/Surface';
import { Switch } from '../../components/Switch';
import { RowDetail, Rows, ToggleRow } from './SettingsRows';
import { useKinkPrivacy } from './useKinkPrivacy';

/**
 * Kinks shown by mutual consent: everyone sees them (the default), or only people who share them, for all
 * of them at once or kink by kink. The server enforces it everywhere; this only records the choice.
 */
export function KinkPrivacyPanel({ kinks }: { kinks: readonly string[] }) {
  const { visibility, loadFailed, saving, setAll, setKink } = useKinkPrivacy(fetchKinkVisibility, saveKinkVisibility);
  const ready = visibility !== null;
  return (
    <Panel aria-labelledby="kink-privacy-title" aria-busy={!ready && !loadFailed}>
      <SectionTitle id="kink-privacy-title">
        <FlameIcon size={18} /> Kink Privacy
      </SectionTitle>
      <Intro>Show your kinks to everyone, or only to people who share them. Kinks you share with someone are marked on their card.</Intro>
      {loadFailed ? (
        <RowDetail role="alert">Kink privacy could not be loaded. Please try again later.</RowDetail>
      ) : (
        <Rows>
          <ToggleRow title="Only people who share them" detail="All your kinks, including ones you add later">
            {(labelId, detailId) => (
              <Switch checked={visibility?.audience === 'sharers'} labelledBy={labelId} describedBy={detailId} disabled={!ready || saving} onChange={(on) => void setAll(on)} />
            )}
          </ToggleRow>
          {kinks.length === 0 ? (
            <EmptyNote>Add kinks to your profile to choose who sees each one.</EmptyNote>
          ) : (
            kinks.map((kink) => {
              const sharersOnly = audienceOfKink(visibility, kink) === 'sharers';
              return (
                <ToggleRow key={kink} title={kink} detail={sharersOnly ? 'Only people who share it' : 'Everyone'}>
                  {(labelId, detailId) => (
                    <Switch checked={sharersOnly} labelledBy={labelId} describedBy={detailId} disabled={!ready || saving} onChange={(on) => void setKink(kink, on)} />
                  )}
                </ToggleRow>
              );
            })
          )}
        </Rows>
      )}
    </Panel>
  );
}

const Intro = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const EmptyNote = styled(RowDetail)`
  padding: 14px 6px;
`;
