import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import styled from 'styled-components';
import { VoiceIntroLimits } from '@nocturne/contracts/voiceIntro';
import { Button } from '../../components/Button';
import { voiceIntroMachine } from './voiceIntroMachine';

/** Stops a moment before the limit: the recorder's last block must start within the 30 seconds the server allows. */
const STOP_AFTER_MS = VoiceIntroLimits.maxSeconds * 1000 - 100;

function microphoneProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Microphone access was denied. Allow the microphone for this site to record.';
  if (name === 'NotFoundError') return 'No microphone was found on this device.';
  return 'The microphone could not be opened.';
}

/** A voice intro on the profile edit screen: hear or remove the saved one, record, listen, save. */
export function VoiceIntroRecorder() {
  const [snapshot, send] = useMachine(voiceIntroMachine);
  const { saved, recording, problem } = snapshot.context;
  const preview = useMemo(() => (recording ? URL.createObjectURL(recording) : undefined), [recording]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  // Stable, so the microphone opens once per recording.
  const onRecorded = useCallback((blob: Blob) => send({ type: 'RECORDED', recording: blob }), [send]);
  const onFailed = useCallback((message: string) => send({ type: 'MICROPHONE_FAILED', problem: message }), [send]);
  const busy = snapshot.matches('uploading') || snapshot.matches('removing') || snapshot.matches('loading');

  return (
    <Section aria-labelledby="voice-intro-title">
      <Title id="voice-intro-title">Voice intro</Title>
      <Hint>Up to {VoiceIntroLimits.maxSeconds} seconds in your own voice, heard by the people who see your photos.</Hint>
      {snapshot.matches('recording') ? (
        <Recording onRecorded={onRecorded} onFailed={onFailed} />
      ) : recording ? (
        <>
          <audio controls src={preview} aria-label="Your new voice intro" />
          <Buttons>
            <Button type="button" $size="small" onClick={() => send({ type: 'SAVE' })} disabled={busy} aria-busy={snapshot.matches('uploading')}>
              {snapshot.matches('uploading') ? 'Saving...' : 'Save voice intro'}
            </Button>
            <Button type="button" $size="small" $variant="secondary" onClick={() => send({ type: 'RECORD' })} disabled={busy}>
              Record again
            </Button>
            <Button type="button" $size="small" $variant="ghost" onClick={() => send({ type: 'DISCARD' })} disabled={busy}>
              Discard
            </Button>
          </Buttons>
        </>
      ) : (
        <>
          {saved && <audio controls src={saved.url} aria-label={`Your voice intro, ${saved.durationSeconds} seconds`} />}
          <Buttons>
            <Button type="button" $size="small" $variant="secondary" onClick={() => send({ type: 'RECORD' })} disabled={busy}>
              {saved ? 'Record a new one' : 'Record a voice intro'}
            </Button>
            {saved && (
              <Button type="button" $size="small" $variant="ghost" onClick={() => send({ type: 'REMOVE' })} disabled={busy}>
                Remove
              </Button>
            )}
          </Buttons>
        </>
      )}
      {problem && <Problem role="alert">{problem}</Problem>}
    </Section>
  );
}

/** The microphone while it records: the seconds left, and Stop; it stops by itself at the limit. */
function Recording({ onRecorded, onFailed }: { onRecorded(recording: Blob): void; onFailed(problem: string): void }) {
  const [elapsed, setElapsed] = useState(0);
  const [recorder, setRecorder] = useState<MediaRecorder | null>(null);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let started: MediaRecorder | undefined;
    let tick: number | undefined;
    let stopTimer: number | undefined;
    let cancelled = false;
    const chunks: Blob[] = [];
    const release = () => {
      window.clearInterval(tick);
      window.clearTimeout(stopTimer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('This browser cannot record.');
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
      if (cancelled) return release();
      const type = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm'].find((candidate) => MediaRecorder.isTypeSupported(candidate));
      const recording = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      started = recording;
      recording.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recording.onstop = () => {
        release();
        if (!cancelled) onRecorded(new Blob(chunks, { type: recording.mimeType }));
      };
      recording.start();
      setRecorder(recording);
      const began = Date.now();
      tick = window.setInterval(() => setElapsed(Math.floor((Date.now() - began) / 1000)), 250);
      stopTimer = window.setTimeout(() => recording.state === 'recording' && recording.stop(), STOP_AFTER_MS);
    })().catch((error: unknown) => {
      release();
      if (!cancelled) onFailed(microphoneProblem(error));
    });
    return () => {
      cancelled = true;
      if (started?.state === 'recording') started.stop();
      release();
    };
  }, [onRecorded, onFailed]);

  return (
    <RecordingRow>
      <Dot aria-hidden="true" />
      <span role="timer" aria-live="off">
        Recording {elapsed}s / {VoiceIntroLimits.maxSeconds}s
      </span>
      <Button type="button" $size="small" onClick={() => recorder?.state === 'recording' && recorder.stop()} disabled={!recorder}>
        Stop
      </Button>
    </RecordingRow>
  );
}

const Section = styled.section`
  display: grid;
  gap: 10px;
  audio {
    width: 100%;
  }
`;

const Title = styled.h3`
  margin: 0;
  font-size: 0.95rem;
  color: ${({ theme }) => theme.color.text};
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const RecordingRow = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${({ theme }) => theme.color.text};
`;

const Dot = styled.span`
  width: 10px;
  height: 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.dangerRoseBright};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
`;
