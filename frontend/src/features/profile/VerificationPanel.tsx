import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useMachine } from '@xstate/react';
import styled from 'styled-components';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { CameraIcon, CheckIcon, ShieldIcon } from '../../components/icons';
import { SectionTitle } from '../../components/SectionTitle';
import { Muted, Panel } from '../../components/Surface';
import type { Verification } from '../../api/verification';
import { cameraProblem, captureStill, openCamera } from './camera';
import { verificationMachine } from './verificationMachine';

const STATUS_TEXT: Record<Verification['status'], string> = {
  none: 'Show others you are who your photos say: take a selfie making the gesture we name, and a moderator compares it with your photos.',
  'awaiting-selfie': 'Your selfie is still to be taken.',
  pending: 'Your selfie is waiting for review.',
  verified: 'Your profile is verified: others see the tick on your card.',
  refused: 'Your last selfie was not approved. Try again with a clear view of your face and the gesture.',
};

/** Verification on the profile: where it stands, and the camera dialog that takes the selfie. */
export function VerificationPanel() {
  const [snapshot, send] = useMachine(verificationMachine);
  const { verification, problem } = snapshot.context;
  const status = verification?.status;
  const dialogOpen = snapshot.matches('camera') || snapshot.matches('captured') || snapshot.matches('sending');
  const canStart = status === 'none' || status === 'refused' || status === 'awaiting-selfie';
  // Stable, so the camera opens once per still to take.
  const onCameraFailed = useCallback((message: string) => send({ type: 'CAMERA_FAILED', problem: message }), [send]);
  const onCaptured = useCallback((selfie: Blob) => send({ type: 'CAPTURED', selfie }), [send]);

  return (
    <Panel aria-labelledby="profile-verification">
      <SectionTitle id="profile-verification">Verification</SectionTitle>
      {snapshot.matches('loading') ? (
        <Muted>Loading...</Muted>
      ) : (
        <>
          {status && (
            <StatusLine data-status={status}>
              {status === 'verified' && <CheckIcon size={16} />}
              {STATUS_TEXT[status]}
            </StatusLine>
          )}
          {problem && !dialogOpen && <Problem role="alert">{problem}</Problem>}
          {canStart && (
            <Button $variant="secondary" $block onClick={() => send({ type: 'START' })} disabled={snapshot.matches('starting')} aria-busy={snapshot.matches('starting')}>
              <ShieldIcon size={18} />
              {status === 'awaiting-selfie' ? 'Take your selfie' : 'Get verified'}
            </Button>
          )}
        </>
      )}
      {dialogOpen && verification?.gesture && (
        <SelfieDialog
          gesture={verification.gesture}
          selfie={snapshot.context.selfie}
          problem={problem}
          sending={snapshot.matches('sending')}
          onCaptured={onCaptured}
          onCameraFailed={onCameraFailed}
          onRetake={() => send({ type: 'RETAKE' })}
          onSend={() => send({ type: 'SEND' })}
          onClose={() => send({ type: 'CLOSE' })}
        />
      )}
    </Panel>
  );
}

interface SelfieDialogProps {
  gesture: string;
  selfie: Blob | undefined;
  problem: string | undefined;
  sending: boolean;
  onCaptured(selfie: Blob): void;
  onCameraFailed(problem: string): void;
  onRetake(): void;
  onSend(): void;
  onClose(): void;
}

/** The camera while no still is taken, then the still to look at before it is sent. */
function SelfieDialog({ gesture, selfie, problem, sending, onCaptured, onCameraFailed, onRetake, onSend, onClose }: SelfieDialogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const preview = useMemo(() => (selfie ? URL.createObjectURL(selfie) : undefined), [selfie]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const take = () => {
    if (video.current) void captureStill(video.current).then(onCaptured, () => onCameraFailed('The camera could not be opened.'));
  };
  const retake = () => {
    setReady(false);
    onRetake();
  };

  return (
    <Dialog
      icon={<CameraIcon size={28} />}
      title="Verify your profile"
      description={
        <>
          Make this gesture: <Gesture>{gesture}</Gesture>
        </>
      }
      onClose={sending ? undefined : onClose}
      footer={
        selfie ? (
          <>
            <Button $block data-autofocus onClick={onSend} disabled={sending} aria-busy={sending}>
              {sending ? 'Sending...' : 'Send for review'}
            </Button>
            <Button $variant="ghost" $block onClick={retake} disabled={sending}>
              Retake
            </Button>
          </>
        ) : (
          <Button $block data-autofocus onClick={take} disabled={!ready}>
            <CameraIcon size={18} />
            Take selfie
          </Button>
        )
      }
    >
      <Frame>{selfie ? <img src={preview} alt="Your selfie" /> : <CameraView video={video} onReady={() => setReady(true)} onFailed={onCameraFailed} />}</Frame>
      {problem && <Problem role="alert">{problem}</Problem>}
      <Muted>Only a moderator sees the selfie, beside your photos; it is deleted once reviewed.</Muted>
    </Dialog>
  );
}

/** The live front camera, on while shown and off as soon as it is not (a still taken, the dialog closed). */
function CameraView({ video, onReady, onFailed }: { video: RefObject<HTMLVideoElement | null>; onReady(): void; onFailed(problem: string): void }) {
  useEffect(() => {
    let stream: MediaStream | undefined;
    let cancelled = false;
    openCamera().then(
      (opened) => {
        stream = opened;
        if (cancelled) return stopAll(opened);
        if (video.current) video.current.srcObject = opened;
      },
      (error: unknown) => {
        if (!cancelled) onFailed(cameraProblem(error));
      },
    );
    return () => {
      cancelled = true;
      if (stream) stopAll(stream);
    };
  }, [video, onFailed]);
  return <video ref={video} autoPlay playsInline muted aria-label="Camera" onLoadedData={onReady} />;
}

const stopAll = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

const StatusLine = styled.p`
  margin: 0 0 12px;
  display: flex;
  gap: 8px;
  align-items: flex-start;
  color: ${({ theme }) => theme.color.textMuted};
  &[data-status='verified'] {
    color: ${({ theme }) => theme.color.verified};
  }
`;

const Problem = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.color.danger};
`;

const Gesture = styled.strong`
  color: ${({ theme }) => theme.color.lavender};
`;

const Frame = styled.div`
  aspect-ratio: 3 / 4;
  width: 100%;
  max-height: 50vh;
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  background: ${({ theme }) => theme.color.surface};
  margin-bottom: 12px;
  video,
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    transform: scaleX(-1);
  }
`;
