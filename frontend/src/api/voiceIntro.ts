import { gql, type TypedDocumentNode } from '@apollo/client';
import type { VoiceIntroAnswer } from '@nocturne/contracts/api';
import { sharedApolloClient } from './apolloClient';
import { HttpError } from './http';

export type VoiceIntro = VoiceIntroAnswer['voiceIntro'];

const OWN_VOICE_INTRO: TypedDocumentNode<{ me: { id: number; voiceIntro: VoiceIntro | null } | null }> = gql`
  query OwnVoiceIntro {
    me {
      id
      voiceIntro {
        url
        durationSeconds
      }
    }
  }
`;

const REMOVE_VOICE_INTRO: TypedDocumentNode<{ removeVoiceIntro: { id: number } }> = gql`
  mutation RemoveVoiceIntro {
    removeVoiceIntro {
      id
    }
  }
`;

export async function fetchOwnVoiceIntro(): Promise<VoiceIntro | null> {
  const { data } = await sharedApolloClient().query({ query: OWN_VOICE_INTRO, fetchPolicy: 'network-only' });
  if (!data?.me) throw new Error('Your voice intro could not be loaded');
  return data.me.voiceIntro;
}

export async function removeVoiceIntro(): Promise<void> {
  await sharedApolloClient().mutate({ mutation: REMOVE_VOICE_INTRO });
}

/** The recording as multipart (field `voiceIntro`); it replaces the one before. */
export async function uploadVoiceIntro(recording: Blob): Promise<VoiceIntro> {
  const form = new FormData();
  form.append('voiceIntro', recording, recording.type.includes('ogg') ? 'intro.ogg' : 'intro.webm');
  const response = await fetch('/api/voice-intros', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body: form });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  return (JSON.parse(text) as VoiceIntroAnswer).voiceIntro;
}
